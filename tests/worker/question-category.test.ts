import { describe, expect, it } from "vitest";
import { guessQuestionCategory } from "../../app/reading-room/question-category";

describe("the question's category", () => {
  it("is guessed from the words of the typed question", () => {
    expect(guessQuestionCategory("Will I get the job I interviewed for?")).toBe("career");
    expect(guessQuestionCategory("How can I save money this year?")).toBe("finance");
    expect(guessQuestionCategory("Does my partner still love me?")).toBe("love");
    expect(guessQuestionCategory("How do I mend things with my sister?")).toBe("relationships");
    expect(guessQuestionCategory("What is my purpose right now?")).toBe("spiritual-growth");
    expect(guessQuestionCategory("What did I learn in a past life?")).toBe("past-lives");
    // Money about work is still money; nothing to go on is nothing.
    expect(guessQuestionCategory("Should I ask my boss for a raise in salary?")).toBe("finance");
    expect(guessQuestionCategory("What should I know today?")).toBeNull();
    expect(guessQuestionCategory("")).toBeNull();
  });
});
