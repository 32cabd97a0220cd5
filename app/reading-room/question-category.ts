import type { QuestionCategory } from "../ai/prompts";

/** Words that point a typed question to a category of suggested questions, strongest first. */
const CLUES: readonly [QuestionCategory, RegExp][] = [
  ["past-lives", /\b(past li(?:fe|ves)|previous li(?:fe|ves)|reincarnat\w*|karm\w*|soul (?:age|contract)|old soul|ancestor\w*)\b/],
  [
    "finance",
    /\b(money|finance\w*|debt\w*|savings?|salary|income|invest\w*|budget\w*|rent|mortgage|loan\w*|pay(?:ing|ment)?|afford|wealth|rich|bills?|cash|spend\w*)\b/,
  ],
  [
    "career",
    /\b(job|jobs|career\w*|work(?:ing|place)?|boss|promotion|interview\w*|business|project\w*|colleague\w*|hire|hired|fired|profession\w*|studies|study|exam\w*|degree|calling|office)\b/,
  ],
  [
    "love",
    /\b(love|lover\w*|crush|dating|date|romance|romantic|partner\w*|boyfriend|girlfriend|husband|wife|marr\w*|soulmate|ex|heart|attract\w*|feelings?|kiss)\b/,
  ],
  [
    "relationships",
    /\b(friend\w*|family|mother|father|mom|mum|dad|parent\w*|sister|brother|sibling\w*|son|daughter|child\w*|neighbou?r\w*|team|trust|conflict|argument|forgive\w*|relationships?)\b/,
  ],
  [
    "spiritual-growth",
    /\b(spirit\w*|soul|purpose|meaning|meditat\w*|intuition|growth|grow|heal\w*|faith|inner|path|journey|self|universe|guidance|awaken\w*|peace)\b/,
  ],
];

/** The category a typed question most likely belongs to; null when nothing in it says. */
export function guessQuestionCategory(question: string): QuestionCategory | null {
  const text = question.toLowerCase();
  for (const [category, clue] of CLUES) if (clue.test(text)) return category;
  return null;
}
