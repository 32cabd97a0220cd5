import { useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { QuestionIdeas } from "./question-ideas";
import type { RoomConnection } from "./use-room";

/** The reading's question, asked by whoever leads, with suggested questions to pick from. */
export function QuestionForm({ asked, send }: { asked: string; send: RoomConnection["send"] }) {
  const [question, setQuestion] = useState(asked);
  return (
    <>
      <form
        className="mt-3 flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: "setQuestion", question });
        }}
      >
        <label className="sr-only" htmlFor="room-question">
          Question
        </label>
        <input
          id="room-question"
          value={question}
          maxLength={300}
          onChange={(event) => setQuestion(event.target.value)}
          placeholder="What would you like to ask?"
          className="min-w-0 flex-1 rounded-xl border border-line bg-surface px-3 py-2 text-sm"
        />
        <button type="submit" className={buttonClasses("secondary", "sm")}>
          Ask
        </button>
      </form>
      <QuestionIdeas
        typed={question}
        onPick={(picked) => {
          setQuestion(picked);
          send({ type: "setQuestion", question: picked });
        }}
      />
    </>
  );
}
