// Lists what the local media bucket holds under a prefix, straight from the test run's stored state,
// so browser tests can see that pictures really left storage. Prints the keys as JSON.
import { openLocalBindings } from "../../scripts/local-bindings";

const prefix = process.argv[2] ?? "";
const proxy = await openLocalBindings();
try {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await proxy.env.MEDIA.list({ prefix, cursor });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  process.stdout.write(JSON.stringify(keys));
} finally {
  await proxy.dispose();
}
