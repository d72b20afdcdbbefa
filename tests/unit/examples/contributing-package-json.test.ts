import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import {
  checkPackageJson,
  type RepoRules,
  type WorkspacePackage,
} from '../../../examples/contributing/package-json-rules';

const RULES: RepoRules = {
  version: '5.2.13',
  scope: '@medplum',
  nodeRange: '^22.18.0 || >=24.2.0',
  license: 'Apache-2.0',
  repositoryUrl: 'git+https://github.com/medplum/medplum.git',
};

function installed(name: string): WorkspacePackage {
  const file = path.join(__dirname, '../../../node_modules/@medplum', name, 'package.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as WorkspacePackage;
}

test('the published 5.2.13 packages follow every rule', () => {
  for (const name of ['core', 'definitions', 'fhir-router', 'fhirtypes', 'mock', 'react', 'react-hooks']) {
    assert.deepEqual(checkPackageJson(installed(name), `packages/${name}`, RULES), [], `@medplum/${name}`);
  }
});

test('each broken rule is reported', () => {
  const pkg: WorkspacePackage = {
    name: '@medplum/example',
    version: '5.2.12',
    license: 'MIT',
    type: 'commonjs',
    engines: { node: '>=20' },
    repository: { type: 'git', url: 'git+https://github.com/medplum/medplum.git', directory: 'packages/other' },
    exports: { import: { default: './dist/esm/index.mjs', types: './dist/esm/index.d.ts' } },
    files: ['src', 'dist'],
    dependencies: { '@medplum/core': '5.2.12', lodash: '^4.17.21' },
    devDependencies: { typescript: '6.0.3' },
    peerDependencies: { react: '^18.0.0 || ^19.0.0', '@medplum/react-hooks': '^5.0.0' },
  };
  const problems = checkPackageJson(pkg, 'packages/example', RULES);
  assert.deepEqual(problems, [
    'version is 5.2.12, not the release version 5.2.13',
    'dependencies.@medplum/core is 5.2.12; sibling packages are pinned to 5.2.13',
    'dependencies.lodash is the range ^4.17.21; pin an exact version',
    'peerDependencies.@medplum/react-hooks is ^5.0.0; sibling packages are pinned to 5.2.13',
    'engines.node is >=20, expected ^22.18.0 || >=24.2.0',
    'license is MIT, expected Apache-2.0',
    'repository must be { url: git+https://github.com/medplum/medplum.git, directory: packages/example }',
    'a library sets "type": "module"',
    'a library declares sideEffects (false, or the CSS files it has)',
    'files lists only build output (dist/...)',
    'exports["import"] must list "types" first',
  ]);
});

test('third-party peer dependencies may be ranges; exact prerelease versions are fine', () => {
  const core = installed('core');
  const pkg: WorkspacePackage = {
    ...core,
    devDependencies: { ...core.devDependencies, 'some-tool': '2.0.0-beta.3' },
    peerDependencies: { pdfmake: '^0.2.5' },
  };
  assert.deepEqual(checkPackageJson(pkg, 'packages/core', RULES), []);
});
