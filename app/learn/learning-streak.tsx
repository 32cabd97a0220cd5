import { Link } from "@remix-run/react";

/** The learning streak said quietly (decision 0112): the days in a row, and where to keep it going. */
export function LearningStreak({ days, link = true, className = "" }: { days: number; link?: boolean; className?: string }) {
  return (
    <p className={`text-sm text-muted ${className}`} data-testid="learning-streak" data-days={days}>
      {days === 0
        ? "Review a flashcard or turn your card of the day to start a learning streak."
        : days === 1
          ? "1 day of learning: come back tomorrow to make it two."
          : `${days} days of learning in a row.`}{" "}
      {link ? (
        <Link to="/learn" className="text-brand underline">
          Learn the cards
        </Link>
      ) : null}
    </p>
  );
}
