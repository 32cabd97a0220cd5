import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { originOf } from "~/api/api.server";
import { API_ERRORS } from "~/api/errors";
import { openApiDocument } from "~/api/openapi.server";
import { PageHeader } from "~/components/page-header";

export const meta: MetaFunction = () => [{ title: "The Arcanum API — Arcanum" }];

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  $ref?: string;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
};
type Operation = {
  summary: string;
  description?: string;
  parameters?: { name: string; in: string; required: boolean; description?: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};

/** The API's reference, drawn on the server from the same document `/api/v1/openapi.json` serves. */
export function loader({ request }: LoaderFunctionArgs) {
  const doc = openApiDocument(originOf(request));
  const operations = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path: `/api/v1${path}`, operation })),
  );
  return {
    info: doc.info,
    server: doc.servers[0]!.url,
    operations,
    schemas: doc.components.schemas as Record<string, Schema>,
    errors: Object.entries(API_ERRORS),
  };
}

function typeOf(schema: Schema): string {
  if (schema.$ref) return schema.$ref.split("/").pop()!;
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(" | ");
  if (schema.type === "array" && schema.items) return `${typeOf(schema.items)}[]`;
  return Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any");
}

function Fields({ schema }: { schema: Schema }) {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return null;
  return (
    <dl className="mt-2 grid gap-2 text-sm">
      {properties.map(([name, property]) => (
        <div key={name} className="rounded-xl bg-surface-2/60 px-3 py-2">
          <dt className="break-words">
            <code className="font-semibold">{name}</code> <span className="text-muted">{typeOf(property)}</span>
            {schema.required?.includes(name) ? null : <span className="text-muted"> (optional)</span>}
          </dt>
          {property.description ? (
            <dd className="mt-1 text-muted">
              <Prose text={property.description} />
            </dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}

/** The document's descriptions mark code with backticks: drawn as code here. */
function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split("`").map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="break-words rounded bg-surface-2/80 px-1 font-mono text-[0.9em]">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

const code = "block overflow-x-auto rounded-xl bg-surface-2/80 p-3 font-mono text-xs leading-relaxed sm:text-sm";

export default function Developers() {
  const { info, server, operations, schemas, errors } = useLoaderData<typeof loader>();
  return (
    <div className="px-4 pb-16">
      <PageHeader eyebrow="For developers" title="The Arcanum API">
        <p>Read your decks and make new ones from your own programs. Part of the Visionary plan.</p>
      </PageHeader>
      <div className="mx-auto grid max-w-3xl gap-6">
        <section aria-labelledby="start-heading" className="min-w-0 rounded-3xl border border-line bg-surface/80 p-6 shadow-sm sm:p-8">
          <h2 id="start-heading" className="text-2xl font-bold">
            Getting started
          </h2>
          <p className="mt-3 leading-relaxed">
            <Prose text={info.description} />
          </p>
          <ol className="mt-4 list-decimal space-y-2 pl-5 text-sm leading-relaxed">
            <li>
              Make a token on{" "}
              <Link to="/profile#api-tokens" className="font-semibold text-brand underline">
                your profile
              </Link>
              : read, or read and write. It is shown once; only its fingerprint is kept.
            </li>
            <li>
              Send it with every request to <code className="break-all">{server}</code>.
            </li>
            <li>
              The machine-readable description is at{" "}
              <a href="/api/v1/openapi.json" className="font-semibold text-brand underline">
                /api/v1/openapi.json
              </a>{" "}
              (OpenAPI 3.1).
            </li>
          </ol>
          <pre className={`${code} mt-4`}>{`curl ${server}/decks \\\n  -H "Authorization: Bearer arcanum_pat_…"`}</pre>
        </section>

        {operations.map(({ method, path, operation }) => {
          const body = operation.requestBody?.content["application/json"]?.schema;
          return (
            <section
              key={`${method} ${path}`}
              aria-label={`${method} ${path}`}
              className="min-w-0 rounded-3xl border border-line bg-surface/80 p-6 shadow-sm sm:p-8"
            >
              <h2 className="text-xl font-bold">{operation.summary}</h2>
              <p className="mt-2 break-all font-mono text-sm">
                <span className="mr-2 rounded-md bg-brand-soft px-2 py-0.5 font-semibold">{method}</span>
                {path}
              </p>
              {operation.description ? (
                <p className="mt-3 text-sm leading-relaxed">
                  <Prose text={operation.description} />
                </p>
              ) : null}
              {operation.parameters?.length ? (
                <>
                  <h3 className="mt-5 font-semibold">Parameters</h3>
                  <ul className="mt-2 grid gap-2 text-sm">
                    {operation.parameters.map((p) => (
                      <li key={p.name} className="rounded-xl bg-surface-2/60 px-3 py-2">
                        <code className="font-semibold">{p.name}</code>{" "}
                        <span className="text-muted">
                          in {p.in}
                          {p.required ? "" : ", optional"}
                        </span>
                        {p.description ? (
                          <p className="mt-1 text-muted">
                            <Prose text={p.description} />
                          </p>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              {body?.$ref ? (
                <>
                  <h3 className="mt-5 font-semibold">Body (JSON)</h3>
                  <Fields schema={schemas[typeOf(body)] ?? {}} />
                </>
              ) : null}
              <h3 className="mt-5 font-semibold">Answers</h3>
              <ul className="mt-2 grid gap-1 text-sm">
                {Object.entries(operation.responses).map(([status, response]) => (
                  <li key={status}>
                    <span className="font-mono font-semibold">{status}</span> <Prose text={response.description} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}

        <section aria-labelledby="errors-heading" className="min-w-0 rounded-3xl border border-line bg-surface/80 p-6 shadow-sm sm:p-8">
          <h2 id="errors-heading" className="text-2xl font-bold">
            Errors
          </h2>
          <p className="mt-3 text-sm leading-relaxed">Every refusal has the same body, with a code to branch on and a sentence to show:</p>
          <pre className={`${code} mt-3`}>{`{ "error": { "code": "not_found", "message": "You have no deck with this id." } }`}</pre>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {errors.map(([name, status]) => (
              <div key={name} className="contents">
                <dt className="font-mono">{status}</dt>
                <dd className="break-words font-mono">{name}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </div>
  );
}
