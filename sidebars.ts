import path from 'node:path';
import { buildSidebars } from './sidebars/build';

// Two sidebars, the main guide and the API reference, derived from the pages that exist.
export default buildSidebars(path.join(__dirname, 'docs'));
