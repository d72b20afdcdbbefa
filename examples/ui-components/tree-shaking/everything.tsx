/**
 * Bundle entry for the tree-shaking measurement: a namespace object that escapes the module keeps
 * every export of @medplum/react reachable, so nothing can be dropped.
 */
import * as MedplumReact from '@medplum/react';

export const everything = MedplumReact;
