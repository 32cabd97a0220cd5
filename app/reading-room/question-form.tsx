import { useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { QuestionIdeas } from "./question-ideas";
import type { RoomConnection } from "./use-room";
import { Input } from "~/components/ui/field";

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
        <Input
          look="compact"
          className="flex-1"
          id="room-question"
          value={question}
          maxLength={300}
          onChange={(event) => setQuestion(event.target.value)}
          placeholder="What would you like to ask?"
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
