/** Bold runs (`**…**`) of one line, as React nodes; nothing else is interpreted. */
function inline(line: string) {
  return line
    .split(/(\*\*[^*]+\*\*)/g)
    .map((part, i) => (part.startsWith("**") && part.endsWith("**") && part.length > 4 ? <strong key={i}>{part.slice(2, -2)}</strong> : part));
}

/**
 * The interpretation as the model writes it: `## ` headings, `- ` list items and bold runs
 * become real headings, lists and emphasis; everything else is plain text (never HTML).
 */
export function ReadingText({ text }: { text: string }) {
  const blocks: React.ReactNode[] = [];
  let items: string[] = [];
  const flush = () => {
    if (items.length === 0) return;
    blocks.push(
      <ul key={`list-${blocks.length}`} className="my-2 list-disc space-y-1 pl-5">
        {items.map((item, i) => (
          <li key={i}>{inline(item)}</li>
        ))}
      </ul>,
    );
    items = [];
  };
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (/^[-*] /.test(line)) {
      items.push(line.slice(2));
      continue;
    }
    flush();
    if (!line) continue;
    const heading = /^#{1,4}\s+(.*)$/.exec(line);
    if (heading)
      blocks.push(
        <h3 key={blocks.length} className="mt-3 font-display text-lg font-semibold">
          {inline(heading[1]!)}
        </h3>,
      );
    else
      blocks.push(
        <p key={blocks.length} className="my-2">
          {inline(line)}
        </p>,
      );
  }
  flush();
  return <>{blocks}</>;
}
