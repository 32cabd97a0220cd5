import { createContext, useContext, type FormEvent, type ReactNode } from "react";
import type { TableIntent } from "./table-forms";

/** Where the table's forms post: the page's own action, for this reading. */
export const TableFormAction = createContext("");

/**
 * One of the table's controls as a form: without JavaScript it is posted to the page, which hands
 * the room the same message; with it, the submit is sent on the socket instead (`onSend`).
 */
export function TableForm({
  intent,
  fields = {},
  onSend,
  className,
  children,
}: {
  intent: TableIntent;
  /** Hidden fields beside the intent. */
  fields?: Record<string, string | number>;
  onSend: (form: FormData) => void;
  className?: string;
  children: ReactNode;
}) {
  const action = useContext(TableFormAction);
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSend(new FormData(event.currentTarget));
  };
  return (
    <form method="post" action={action} onSubmit={send} className={className}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}
