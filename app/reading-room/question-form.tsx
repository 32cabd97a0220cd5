import { useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { QuestionIdeas } from "./question-ideas";
import { TableForm } from "./table-form";
import type { RoomConnection } from "./use-room";
import { Input } from "~/components/ui/field";

/** The reading's question, asked by whoever leads, with suggested questions to pick from (those with JavaScript). */
export function QuestionForm({ asked, send }: { asked: string; send: RoomConnection["send"] }) {
  const [question, setQuestion] = useState(asked);
  return (
    <>
      <TableForm intent="question" onSend={() => send({ type: "setQuestion", question })} className="mt-3 flex gap-2">
        <label className="sr-only" htmlFor="room-question">
          Question
        </label>
        <Input
          look="compact"
          className="flex-1"
          id="room-question"
          name="question"
          value={question}
          maxLength={300}
          onChange={(event) => setQuestion(event.target.value)}
          placeholder="What would you like to ask?"
        />
        <button type="submit" className={buttonClasses("secondary", "sm")}>
          Ask
        </button>
      </TableForm>
      <div className="needs-script">
        <QuestionIdeas
          typed={question}
          onPick={(picked) => {
            setQuestion(picked);
            send({ type: "setQuestion", question: picked });
          }}
        />
      </div>
    </>
  );
}
