// The app's variables for `npm run dev`: those of `.dev.vars`, and those set in the command's
// environment, which win (`PAID_MINUTE_MS=5000 npm run dev`); checked as the Worker will check them (docs/decisions/0057).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { unstable_getVarsForDev } from "wrangler";
import { readConfig, variables } from "../app/env.server";
import { localVariables, projectRoot } from "./local-app.mjs";

/** What wrangler reads from `.dev.vars` (or `.env`) beside wrangler.toml. */
export function fileVariables(): Record<string, string> {
  const bindings = unstable_getVarsForDev(path.join(projectRoot, "wrangler.toml"), undefined, {}, undefined, true);
  return Object.fromEntries(Object.entries(bindings).map(([name, binding]) => [name, "value" in binding ? String(binding.value) : ""]));
}

/**
 * The `--var`s a dev server gets beside the local defaults: every variable the app reads that is set
 * (and not empty) in `environment`, except APP_ENV, which stays development; and a STAFF_EMAILS of the
 * file, which a default `--var` would otherwise override. Throws the Worker's own message for a bad value.
 */
export function devVariables(environment: Record<string, string | undefined>, fromFile: Record<string, string>) {
  const fromEnvironment: Record<string, string> = {};
  for (const name of variables()) {
    const value = environment[name];
    if (name !== "APP_ENV" && value) fromEnvironment[name] = value;
  }
  const vars: Record<string, string> = { ...(fromFile.STAFF_EMAILS ? { STAFF_EMAILS: fromFile.STAFF_EMAILS } : {}), ...fromEnvironment };
  readConfig({ ...fromFile, ...localVariables, ...vars } as unknown as Cloudflare.Env);
  return { vars, fromEnvironment: Object.keys(fromEnvironment) };
}

// Run by `npm run dev` (scripts/dev.mjs): prints {vars, fromEnvironment} as JSON, or the Worker's message for a bad value.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    process.stdout.write(JSON.stringify(devVariables(process.env, fileVariables())));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
