import { detectCheckout } from './checkout';
import { prepare } from './prepare';
const r = prepare(detectCheckout('/work/.mirror/anthara-ai+medplum/repo'), '/tmp/vs-cache3');
console.log(JSON.stringify(r));
