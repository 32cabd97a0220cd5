import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { guessQuestionCategory } from "./question-category";
import { Select } from "~/components/ui/field";

const CATEGORY_NAMES: Record<string, string> = {
  love: "Love",
  career: "Career",
  finance: "Finance",
  relationships: "Relationships",
  "spiritual-growth": "Spiritual growth",
  "past-lives": "Past lives",
};

/** Suggested questions by category; choosing one fills the question field. */
export function QuestionIdeas({ onPick, typed = "" }: { onPick: (question: string) => void; typed?: string }) {
  const fetcher = useFetcher<{ questions: string[]; error: string | null }>();
  // The category follows what is typed until the person picks one themselves.
  const [chosen, setChosen] = useState<string | null>(null);
  const category = chosen ?? guessQuestionCategory(typed) ?? "love";
  return (
    <div className="mt-2">
      <fetcher.Form method="post" action="/api/questions" className="flex gap-2">
        <input type="hidden" name="typed" value={typed} />
        <label className="sr-only" htmlFor="question-category">
          Question ideas about
        </label>
        <Select look="compact" className="flex-1" id="question-category" name="category" value={category} onChange={(event) => setChosen(event.target.value)}>
          {Object.entries(CATEGORY_NAMES).map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </Select>
        <button type="submit" className={buttonClasses("ghost", "sm")} disabled={fetcher.state !== "idle"}>
          Suggest questions
        </button>
      </fetcher.Form>
      {fetcher.data?.error ? (
        <p role="alert" className="mt-1 text-xs text-danger">
          {fetcher.data.error}
        </p>
      ) : null}
      {fetcher.data?.questions?.length ? (
        <ul className="mt-2 grid gap-1" aria-label="Suggested questions">
          {fetcher.data.questions.map((question) => (
            <li key={question}>
              <button type="button" onClick={() => onPick(question)} className="w-full rounded-lg px-2 py-1 text-left text-xs hover:bg-surface-2">
                {question}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
