import { EventSourceParserStream } from "eventsource-parser/stream";

/**
 * The `data:` payloads of a server-sent event stream, in order, parsed by `eventsource-parser`;
 * stops at `[DONE]` (the OpenAI-style end Workers AI sends). An event the stream breaks off in the
 * middle of is not one: what came before it is kept.
 */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  // The runtime's decoder takes any buffer; its type names a wider input than the body's bytes.
  const text = body.pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>);
  const events = text.pipeThrough(new EventSourceParserStream());
  const reader = events.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done || value.data === "[DONE]") return;
      if (value.data) yield value.data;
    }
  } finally {
    // Stopping early (at [DONE], or a reader who leaves) lets go of the body too.
    await reader.cancel().catch(() => undefined);
  }
}

/** Splits finished text into small pieces, for writing it out as if it were streamed. */
export function* piecesOf(text: string, wordsPerPiece = 6): Generator<string> {
  const words = text.split(/(?<=\s)/);
  for (let i = 0; i < words.length; i += wordsPerPiece) yield words.slice(i, i + wordsPerPiece).join("");
}
