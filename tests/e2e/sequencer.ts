import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The browser test files in one order on every machine: the longest first, by the times the last
 * passing `npm test` recorded (bench-results/suite.json), then new files by size.
 *
 * Vitest's own order reads its local cache of the last run's times, which a clean clone does not
 * have: CI ran the files in order of size while a developer's machine ran them by time. The files
 * of one worker share an app, so a page could pass here and fail there because a different file
 * had run before it and left different data (docs/decisions/0093). Longest first also keeps the
 * last file to finish short.
 */
export default class RecordedTimesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const recorded = recordedSeconds(path.join(root, "bench-results", "suite.json"));
    const key = (file: TestSpecification) => {
      const relative = path.relative(root, file.moduleId);
      // A file the record has not seen yet goes first, as Vitest runs unknown files first.
      return { seconds: recorded[relative] ?? Number.POSITIVE_INFINITY, size: statSync(file.moduleId).size, relative };
    };
    return [...files]
      .map((file) => ({ file, key: key(file) }))
      .sort((a, b) => b.key.seconds - a.key.seconds || b.key.size - a.key.size || a.key.relative.localeCompare(b.key.relative))
      .map(({ file }) => file);
  }
}

function recordedSeconds(file: string): Record<string, number> {
  try {
    const suite = JSON.parse(readFileSync(file, "utf8")) as { files?: { browser?: Record<string, { seconds: number }> } };
    return Object.fromEntries(Object.entries(suite.files?.browser ?? {}).map(([name, times]) => [name, times.seconds]));
  } catch {
    return {};
  }
}
