/**
 * One way an action reads its form: the fields as the browser sent them, parsed by one zod schema.
 * A page with several forms gives each its own branch of a discriminated union keyed on `intent`
 * (the name of the button that sent it), so the action switches on a typed `data.intent` and each
 * branch's fields are typed with it:
 *
 *   const actionForm = lazySchema(() =>
 *     z.discriminatedUnion("intent", [z.object({ intent: z.literal("rename"), title: … }), z.object({ intent: z.literal("delete") })]),
 *   );
 *   const read = await readForm(request, actionForm);
 *   if (!read.ok) return data({ message: read.unknownIntent ? "Unknown action" : read.message }, { status: 400 });
 *
 * Only the route decides what a refusal says and with which status: the answer carries the first
 * issue's message and field, every issue, and the intent that was asked for (also when unknown).
 */
import type { z } from "zod";

export type FormIssue = { field: string; message: string };

export type FormRead<T> =
  | { ok: true; data: T; formData: FormData }
  | {
      ok: false;
      /** The first issue's words, and the field they are about ("" for the form as a whole). */
      message: string;
      field: string;
      issues: FormIssue[];
      /** The `intent` the form named, as sent (null without one). */
      intent: string | null;
      /** The form named no intent, or one the schema does not know. */
      unknownIntent: boolean;
      formData: FormData;
    };

/** The form's fields as one object: a field sent twice keeps its last value, as `Object.fromEntries` does. */
export function formFields(formData: FormData): Record<string, FormDataEntryValue> {
  return Object.fromEntries(formData);
}

/** The form's text fields as sent, to hand back to the form after a refusal (files are left out). */
export function formText(formData: FormData): Record<string, string> {
  const text: Record<string, string> = {};
  for (const [name, value] of formData) if (typeof value === "string") text[name] = value;
  return text;
}

/** Reads and parses the request's form (the Worker has already refused a body that is no form: app/worker/request-body.server.ts). */
export async function readForm<S extends z.ZodType>(request: Request, schema: S): Promise<FormRead<z.output<S>>> {
  const formData = await request.formData();
  return parseForm(formData, schema);
}

/** As `readForm`, for a form already read (a route that also takes a file from it). */
export function parseForm<S extends z.ZodType>(formData: FormData, schema: S): FormRead<z.output<S>> {
  const fields = formFields(formData);
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, data: parsed.data, formData };
  const issues = parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ""), message: issue.message }));
  const sent = fields.intent;
  const intent = typeof sent === "string" ? sent : null;
  const unknownIntent = parsed.error.issues.some((issue) => issue.path.length === 1 && issue.path[0] === "intent");
  return { ok: false, message: issues[0]?.message ?? "This form could not be read.", field: issues[0]?.field ?? "", issues, intent, unknownIntent, formData };
}
