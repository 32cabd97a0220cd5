// The local D1 database and R2 bucket, opened in Node for the seed, the test helpers and the benchmarks.
// wrangler's platform proxy runs none of the Worker's code, so it gets a configuration with only the
// bindings these scripts use: given wrangler.toml itself, it warns that the Durable Object bindings
// cannot work and workerd warns that their classes are missing (docs/decisions/0057).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getPlatformProxy, unstable_readConfig } from "wrangler";
import { projectRoot } from "./wrangler-env.mjs";

export type LocalBindings = Pick<Env, "DB" | "MEDIA">;

/**
 * Opens the state `wrangler dev` uses: `persistTo` is the folder given to `--persist-to`
 * (ARCANUM_PERSIST_TO when omitted), else the project's `.wrangler/state`.
 */
export async function openLocalBindings(persistTo = process.env.ARCANUM_PERSIST_TO): Promise<{ env: LocalBindings; dispose: () => Promise<void> }> {
  const config = unstable_readConfig({ config: path.join(projectRoot, "wrangler.toml") }, { hideWarnings: true });
  const folder = mkdtempSync(path.join(tmpdir(), "arcanum-bindings-"));
  const configPath = path.join(folder, "wrangler.json");
  writeFileSync(
    configPath,
    JSON.stringify({
      name: config.name,
      compatibility_date: config.compatibility_date,
      compatibility_flags: config.compatibility_flags,
      d1_databases: config.d1_databases,
      r2_buckets: config.r2_buckets,
    }),
  );
  try {
    const proxy = await getPlatformProxy<LocalBindings>({
      configPath,
      // `wrangler dev --persist-to DIR` keeps its state in DIR/v3.
      persist: { path: path.join(persistTo ?? path.join(projectRoot, ".wrangler", "state"), "v3") },
    });
    return {
      env: proxy.env,
      dispose: async () => {
        await proxy.dispose();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Runs a write against the state a running local server also holds, trying again while that
 * server has the database locked (SQLite's "database is locked"), for up to ten seconds.
 */
export async function whileUnlocked<T>(write: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (let wait = 50; ; wait = Math.min(wait * 2, 1_000)) {
    try {
      return await write();
    } catch (error) {
      const locked = /database is locked|SQLITE_BUSY|internal error/i.test(String(error instanceof Error ? `${error.message} ${String(error.cause)}` : error));
      if (!locked || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
