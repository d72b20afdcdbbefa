/**
 * Which runtime a project's bots run on, and moving them: an inventory of the bots by
 * `Bot.runtimeVersion`, a new bot created for the Fission runtime, an existing bot moved to another
 * runtime, and every bot of one runtime deployed again from the code it already has (for example
 * after a new version of the AWS Lambda bot layer was published).
 */
import type { MedplumClient } from '@medplum/core';
import { ContentType, normalizeErrorString } from '@medplum/core';
import type { Bot, OperationOutcome } from '@medplum/fhirtypes';

/** The values of Bot.runtimeVersion the server runs. */
export type BotRuntime = 'awslambda' | 'vmcontext' | 'fission';

// #region inventory
export interface BotRuntimeEntry {
  id: string;
  name?: string;
  /** True when the bot has executable code, so `$deploy` can install it again without new code. */
  deployable: boolean;
}

/**
 * Lists the bots the client can read, grouped by `Bot.runtimeVersion`. Bots without one are listed
 * under `none`: the server refuses to run them until a runtime is set.
 */
export async function botRuntimeInventory(medplum: MedplumClient): Promise<Record<string, BotRuntimeEntry[]>> {
  const inventory: Record<string, BotRuntimeEntry[]> = {};
  for await (const page of medplum.searchResourcePages('Bot', { _count: '100', _sort: 'name' })) {
    for (const bot of page) {
      const runtime = bot.runtimeVersion ?? 'none';
      inventory[runtime] ??= [];
      inventory[runtime].push({ id: bot.id, name: bot.name, deployable: !!bot.executableCode?.url });
    }
  }
  return inventory;
}
// #endregion inventory

// #region create-fission-bot
/**
 * Creates a bot that runs on Fission and deploys its first code. The project admin endpoint creates
 * the Bot with its ProjectMembership; `$deploy` stores the code as the bot's executable Binary and
 * installs it as a Fission package, function and HTTP trigger. The code must be CommonJS with
 * `exports.handler`.
 */
export async function createFissionBot(
  medplum: MedplumClient,
  projectId: string,
  name: string,
  code: string,
): Promise<Bot> {
  const bot = await medplum.post<Bot>(
    `admin/projects/${encodeURIComponent(projectId)}/bot`,
    { name, runtimeVersion: 'fission' },
    ContentType.JSON,
  );
  // Answers 200 once the Fission objects are applied; a server without a `fission` config answers
  // 400 "Fission bots are not enabled", which the client throws.
  await medplum.post<OperationOutcome>(medplum.fhirUrl('Bot', bot.id as string, '$deploy'), {
    code,
    filename: 'index.js',
  });
  return medplum.readResource('Bot', bot.id as string);
}
// #endregion create-fission-bot

// #region move-runtime
/**
 * Moves an existing bot to another runtime and installs its current executable code there, for
 * example a bot created with the default `awslambda` runtime on a server without AWS.
 */
export async function moveBotToRuntime(medplum: MedplumClient, botId: string, runtime: BotRuntime): Promise<Bot> {
  const bot = await medplum.readResource('Bot', botId);
  if (!bot.executableCode?.url) {
    throw new Error(`Bot/${botId} has no executable code; deploy it with code instead`);
  }
  const moved = await medplum.updateResource<Bot>({ ...bot, runtimeVersion: runtime });
  // Without `code`, $deploy installs the stored executableCode on the bot's (new) runtime.
  await medplum.post<OperationOutcome>(medplum.fhirUrl('Bot', botId, '$deploy'), {});
  return moved;
}
// #endregion move-runtime

// #region redeploy
export interface RedeployResult {
  id: string;
  name?: string;
  ok: boolean;
  message: string;
}

/**
 * Deploys every bot of one runtime again from the code it already has, one bot at a time. On
 * `awslambda` each deploy also moves the bot's function to the newest version of the server's bot
 * layer. Failures are collected, not thrown, so one broken bot does not stop the others.
 */
export async function redeployBots(medplum: MedplumClient, runtime: BotRuntime): Promise<RedeployResult[]> {
  const inventory = await botRuntimeInventory(medplum);
  const results: RedeployResult[] = [];
  for (const bot of inventory[runtime] ?? []) {
    if (!bot.deployable) {
      results.push({ id: bot.id, name: bot.name, ok: false, message: 'no executable code to deploy' });
      continue;
    }
    try {
      await medplum.post<OperationOutcome>(medplum.fhirUrl('Bot', bot.id, '$deploy'), {});
      results.push({ id: bot.id, name: bot.name, ok: true, message: 'deployed' });
    } catch (err) {
      results.push({ id: bot.id, name: bot.name, ok: false, message: normalizeErrorString(err) });
    }
  }
  return results;
}
// #endregion redeploy

// #region fission-names
/**
 * The names the server gives the Fission objects of a bot, for `fission` and `kubectl` commands.
 * Every deploy creates a new package named with the bot id and the deploy time in milliseconds.
 */
export function fissionObjectNames(botId: string): {
  functionName: string;
  triggerName: string;
  routerPath: string;
  packagePrefix: string;
} {
  return {
    functionName: `bot-function-${botId}`,
    triggerName: `bot-trigger-${botId}`,
    routerPath: `/bot-${botId}`,
    packagePrefix: `bot-package-${botId}-`,
  };
}
// #endregion fission-names
