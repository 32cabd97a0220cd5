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
import { z } from "zod";

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

/** How a form is read beyond its schema. */
export type FormShape = {
  /** Fields sent as a list (checkboxes sharing one name): read as every value sent, in order (an empty list when none). */
  lists?: readonly string[];
};

/** The form's fields as one object: a field sent twice keeps its last value, as `Object.fromEntries` does, unless it is one of `lists`. */
export function formFields(formData: FormData, shape: FormShape = {}): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  const fields: Record<string, FormDataEntryValue | FormDataEntryValue[]> = Object.fromEntries(formData);
  for (const name of shape.lists ?? []) fields[name] = formData.getAll(name);
  return fields;
}

/**
 * One branch of an intent-keyed union for a form whose schema is no plain object (it transforms
 * what it reads, as a tip's amount becomes cents): the branch answers with the schema's output and
 * the intent beside it.
 */
export function intentBranch<const I extends string, S extends z.ZodType<Record<string, unknown>>>(intent: I, schema: S) {
  return z.looseObject({ intent: z.literal(intent) }).transform((fields, context) => {
    const parsed = schema.safeParse(fields);
    if (parsed.success) return { ...parsed.data, intent };
    for (const issue of parsed.error.issues) context.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  });
}

/** A schema that reads a field the form did not send as its default (most often "", as an empty box sends). */
export function withDefaults<S extends z.ZodType>(defaults: Record<string, string>, schema: S) {
  return z.preprocess((fields) => (typeof fields === "object" && fields !== null ? { ...defaults, ...fields } : fields), schema);
}

/**
 * A page whose main button is `main`: a form naming none of its other intents asks for it (the
 * Enter key sends no button's name, and a form kept in an outbox may predate the buttons' names).
 */
export function withMainIntent<S extends z.ZodType>(main: string, others: readonly string[], schema: S) {
  return z.preprocess((fields) => {
    if (typeof fields !== "object" || fields === null) return fields;
    const sent: Record<string, unknown> = { ...fields };
    return { ...sent, intent: typeof sent.intent === "string" && others.includes(sent.intent) ? sent.intent : main };
  }, schema);
}

/** The form's text fields as sent, to hand back to the form after a refusal (files are left out). */
export function formText(formData: FormData): Record<string, string> {
  const text: Record<string, string> = {};
  for (const [name, value] of formData) if (typeof value === "string") text[name] = value;
  return text;
}

/** Reads and parses the request's form (the Worker has already refused a body that is no form: app/worker/request-body.server.ts). */
export async function readForm<S extends z.ZodType>(request: Pick<Request, "formData">, schema: S, shape?: FormShape): Promise<FormRead<z.output<S>>> {
  const formData = await request.formData();
  return parseForm(formData, schema, shape);
}

/** As `readForm`, for a form already read (a route that also takes a file from it). */
export function parseForm<S extends z.ZodType>(formData: FormData, schema: S, shape?: FormShape): FormRead<z.output<S>> {
  const fields = formFields(formData, shape);
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, data: parsed.data, formData };
  const issues = parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ""), message: issue.message }));
  const sent = fields.intent;
  const intent = typeof sent === "string" ? sent : null;
  const unknownIntent = parsed.error.issues.some((issue) => issue.path.length === 1 && issue.path[0] === "intent");
  return { ok: false, message: issues[0]?.message ?? "This form could not be read.", field: issues[0]?.field ?? "", issues, intent, unknownIntent, formData };
}
