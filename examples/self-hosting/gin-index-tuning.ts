/**
 * Reads and changes the storage settings of the GIN indexes on Medplum's resource tables through
 * the super admin operations $db-indexes and $db-configure-indexes, without a database shell.
 */
import type { MedplumClient } from '@medplum/core';
import type { AsyncJob, Parameters, ParametersParameter } from '@medplum/fhirtypes';

// #region gin-settings
/** One GIN index and the settings it overrides; an unset value means the default applies. */
export interface GinIndexSetting {
  table: string;
  index: string;
  fastUpdate?: boolean;
  pendingListLimitKb?: number;
}

/** The server-wide gin_pending_list_limit and the GIN indexes of the tables asked for. */
export interface GinSettings {
  defaultPendingListLimitKb: number;
  indexes: GinIndexSetting[];
}

/**
 * Lists the GIN indexes of some tables with their fastupdate and gin_pending_list_limit settings.
 * @param medplum - A client signed in as a super admin.
 * @param tables - Table names, e.g. ['Observation', 'Encounter'].
 * @returns The default pending list limit (kB) and one entry per GIN index.
 */
export async function readGinSettings(medplum: MedplumClient, tables: string[]): Promise<GinSettings> {
  const url = medplum.fhirUrl('$db-indexes');
  url.searchParams.set('tableName', tables.join(',')); // one comma-separated value, not repeated
  const result = await medplum.get<Parameters>(url, { cache: 'no-cache' });
  const part = (p: ParametersParameter, name: string): ParametersParameter | undefined =>
    p.part?.find((x) => x.name === name);
  return {
    // Always in the answer; 4096 kB (4 MB) is PostgreSQL's own default.
    defaultPendingListLimitKb:
      result.parameter?.find((p) => p.name === 'defaultGinPendingListLimit')?.valueInteger ?? 4096,
    indexes: (result.parameter ?? [])
      .filter((p) => p.name === 'index')
      .map((p) => ({
        table: part(p, 'tableName')?.valueString ?? '',
        index: part(p, 'indexName')?.valueString ?? '',
        fastUpdate: part(p, 'fastUpdate')?.valueBoolean,
        pendingListLimitKb: part(p, 'ginPendingListLimit')?.valueInteger,
      })),
  };
}
// #endregion gin-settings

// #region gin-configure
/** What to change on every GIN index of the tables; 'reset' returns a setting to the default. */
export interface GinChange {
  fastUpdate?: boolean | 'reset';
  pendingListLimitKb?: number | 'reset';
}

/**
 * Changes the GIN indexes of some tables and waits for the job. Turning fastupdate off also
 * vacuums each table, which flushes the pending lists; on a big table that takes a while.
 * @param medplum - A client signed in as a super admin.
 * @param tables - Table names.
 * @param change - The settings to set or reset.
 * @returns The SQL statements the server ran.
 */
export async function configureGinIndexes(
  medplum: MedplumClient,
  tables: string[],
  change: GinChange,
): Promise<string[]> {
  const parameter: ParametersParameter[] = tables.map((t) => ({ name: 'tableName', valueString: t }));
  if (change.fastUpdate === 'reset') {
    parameter.push({ name: 'fastUpdateAction', valueString: 'reset' });
  } else if (change.fastUpdate !== undefined) {
    parameter.push(
      { name: 'fastUpdateAction', valueString: 'set' },
      { name: 'fastUpdateValue', valueBoolean: change.fastUpdate },
    );
  }
  if (change.pendingListLimitKb === 'reset') {
    parameter.push({ name: 'ginPendingListLimitAction', valueString: 'reset' });
  } else if (change.pendingListLimitKb !== undefined) {
    parameter.push(
      { name: 'ginPendingListLimitAction', valueString: 'set' },
      { name: 'ginPendingListLimitValue', valueInteger: change.pendingListLimitKb },
    );
  }
  // Sends Prefer: respond-async (required), then polls the job status URL until the job is done.
  const job = await medplum.startAsyncRequest<AsyncJob>(medplum.fhirUrl('$db-configure-indexes').toString(), {
    body: JSON.stringify({ resourceType: 'Parameters', parameter }),
    pollStatusOnAccepted: true,
  });
  if (job.status !== 'completed') {
    throw new Error(`$db-configure-indexes ended with status ${job.status}`);
  }
  return (job.output?.parameter ?? [])
    .filter((p) => p.name === 'action')
    .map((p) => p.part?.find((x) => x.name === 'sql')?.valueString ?? '');
}
// #endregion gin-configure
