/** The `data:` payloads of a server-sent event stream, in order; stops at `[DONE]`. */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (value) buffer += decoder.decode(value, { stream: !done });
      let end: number;
      while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, "");
        const data = event
          .split(/\r?\n/)
          .filter((line) => line.startsWith("data:"))
          .map((line) => line.slice(5).replace(/^ /, ""))
          .join("\n");
        if (!data) continue;
        if (data === "[DONE]") return;
        yield data;
      }
      if (done) {
        const rest = buffer.trim();
        if (rest.startsWith("data:")) {
          const data = rest.slice(5).trim();
          if (data && data !== "[DONE]") yield data;
        }
        return;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

/** Splits finished text into small pieces, for writing it out as if it were streamed. */
export function* piecesOf(text: string, wordsPerPiece = 6): Generator<string> {
  const words = text.split(/(?<=\s)/);
  for (let i = 0; i < words.length; i += wordsPerPiece) yield words.slice(i, i + wordsPerPiece).join("");
}
