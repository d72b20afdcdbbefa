/**
 * `tslib` for the client bundle (see ./index.ts). Packages in the bundle load tslib with
 * CommonJS `require`, which makes the bundler keep every helper (~4 KB gzip on every page).
 * Re-exporting only the helpers the bundle calls lets it drop the rest. The list comes from the
 * built bundle (`<tslib>.__name` uses): a package that starts using another helper fails in the
 * browser with "... is not a function", which the crawl and demo browser tests report.
 */
export { __assign, __importDefault, __rest, __spreadArray } from 'tslib/tslib.es6.mjs';
