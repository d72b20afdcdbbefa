/**
 * Validates generated examples with @medplum/core, the same validator the Medplum server uses, so
 * the generator can repair examples that break an invariant and fail when it cannot.
 */
import type * as MedplumCore from '@medplum/core';
import type { Resource, StructureDefinition as FhirStructureDefinition } from '@medplum/fhirtypes';
import { choiceName } from './elements';
import type { ExampleValidator } from './examples';
import type { Definition, FhirModel } from './model';

const CARRIER_PATH = 'Parameters.parameter.value[x]';

/**
 * Datatypes that Parameters.parameter.value[x] accepts. Those are validated inside a Parameters
 * resource, so invariants that look at the enclosing resource (ref-1 on Reference) can run.
 */
export function carrierTypes(model: FhirModel): Set<string> {
  const el = model.definitions.get('Parameters')?.elements.find((e) => e.path === CARRIER_PATH);
  return new Set((el?.type ?? []).map((t) => t.code));
}

/** The JSON a datatype example is validated as: wrapped in Parameters when it can be. */
export function validationSubject(
  def: Definition,
  value: Record<string, unknown>,
  carriers: Set<string>,
): Resource | undefined {
  const type = def.sd.derivation === 'constraint' ? def.sd.type : def.name;
  if (!carriers.has(type)) return undefined;
  return {
    resourceType: 'Parameters',
    parameter: [{ name: 'example', [choiceName(CARRIER_PATH, type)]: value }],
  } as Resource;
}

/**
 * Loads @medplum/core on first use. On Node 20 it needs a global WebSocket at import time, which
 * exists only with --experimental-websocket (the npm build and start scripts add it there, through
 * lib/node-options.mjs; Node 22+ has WebSocket by default). Commands
 * such as `docusaurus serve` load the site config without that flag, so a placeholder stands in
 * while the module loads and is removed right after: validation never opens a socket.
 */
export function loadCore(): typeof MedplumCore {
  const g = globalThis as { WebSocket?: unknown };
  // A require, not an import: loaded on first use, and only after the placeholder below when needed.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  if (g.WebSocket !== undefined) return require('@medplum/core') as typeof MedplumCore;
  g.WebSocket = class WebSocketUnavailable {
    constructor() {
      throw new Error('WebSocket is not available in the FHIR reference generator');
    }
  };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('@medplum/core') as typeof MedplumCore;
  } finally {
    delete g.WebSocket;
  }
}

/** Indexes the model's StructureDefinitions into @medplum/core and returns a validator. */
export function coreValidator(model: FhirModel): ExampleValidator {
  const core = loadCore();
  core.indexStructureDefinitionBundle(model.structureDefinitions as unknown as FhirStructureDefinition[]);
  const carriers = carrierTypes(model);
  const problems = (run: () => unknown): string[] => {
    try {
      run();
      return [];
    } catch (err) {
      if (err instanceof core.OperationOutcomeError) {
        return (err.outcome.issue ?? []).map(
          (i) => `${i.details?.text ?? i.diagnostics ?? 'invalid'} (${(i.expression ?? []).join(', ')})`,
        );
      }
      throw err;
    }
  };
  return (def, value) => {
    if (def.kind === 'resource') return problems(() => core.validateResource(value as unknown as Resource));
    const direct = problems(() => core.validateTypedValue({ type: def.name, value }));
    // An invariant that reads the enclosing resource (ref-1 uses %rootResource) cannot run on a
    // bare value, and then also reports itself as not met; validate inside Parameters instead.
    const carried = validationSubject(def, value, carriers);
    if (carried && direct.some((p) => p.startsWith(EVAL_ERROR))) {
      return problems(() => core.validateResource(carried));
    }
    return direct;
  };
}

const EVAL_ERROR = 'Error evaluating invariant expression';
