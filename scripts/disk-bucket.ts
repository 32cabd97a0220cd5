// A bucket kept on disk, as R2 keeps renders and files outside the Worker: for the print bench and the print samples.
import { appendFileSync, closeSync, mkdtempSync, openSync, readdirSync, readSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A bucket kept on disk, as R2 keeps the renders and the PDF outside the Worker: what is stored
 * takes none of the memory measured, and only what the code reads back counts, as it would on the
 * Worker. No card pictures are stored, so every card is painted from the deck's secret, as a local
 * deck's are. A multipart upload appends its parts to the file as they come.
 */
export function diskBucket(folder = mkdtempSync(path.join(tmpdir(), "bench-print-"))) {
  const file = (key: string) => path.join(folder, encodeURIComponent(key));
  const exists = (key: string) => {
    try {
      return statSync(file(key)).size;
    } catch {
      return null;
    }
  };
  const bucket = {
    get: async (key: string) => {
      const size = exists(key);
      if (size === null) return null;
      return {
        size,
        // A byte stream, as R2's bodies are: a BYOB reader fills its own buffer, and a plain
        // reader gets 64 KB pieces, each read from the file straight into the memory handed over.
        get body() {
          const fd = openSync(file(key), "r");
          let position = 0;
          return new ReadableStream({
            type: "bytes",
            autoAllocateChunkSize: 65536,
            pull(controller) {
              const request = controller.byobRequest!;
              const view = request.view!;
              const read = readSync(fd, view as Uint8Array, 0, view.byteLength, position);
              position += read;
              if (read === 0) {
                closeSync(fd);
                controller.close();
                request.respond(0);
              } else request.respond(read);
            },
            cancel() {
              closeSync(fd);
            },
          });
        },
      };
    },
    put: async (key: string, value: Uint8Array) => void writeFileSync(file(key), value),
    list: async ({ prefix }: { prefix: string }) => ({
      objects: readdirSync(folder)
        .map((name) => decodeURIComponent(name))
        .filter((key) => key.startsWith(prefix))
        .map((key) => ({ key })),
      truncated: false,
    }),
    createMultipartUpload: async (key: string) => {
      writeFileSync(file(key), new Uint8Array());
      return {
        uploadPart: async (partNumber: number, part: Uint8Array) => {
          appendFileSync(file(key), part);
          return { partNumber, etag: String(partNumber) };
        },
        complete: async () => undefined,
        abort: async () => rmSync(file(key), { force: true }),
      };
    },
  };
  return {
    bucket: bucket as unknown as R2Bucket,
    folder,
    file,
    size: (key: string) => exists(key) ?? 0,
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
