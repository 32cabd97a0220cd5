import { Link } from "@remix-run/react";
import { licencePath, LICENCES, type ListingLicence } from "~/marketplace/licences";

/** The licence a deck is sold with, as its page and the checkout name it, with the way to what it grants. */
export function LicenceNote({ licence }: { licence: string }) {
  const id: ListingLicence = licence === "commercial" ? "commercial" : "personal";
  return (
    <p className="mt-1 text-sm text-muted" data-testid="licence-note">
      {id === "commercial" ? "Licensed for commercial use" : "For personal use"} ·{" "}
      <Link to={licencePath(id)} className="underline underline-offset-2" aria-label={`What the ${LICENCES[id].title.toLowerCase()} licence grants`}>
        What it grants
      </Link>
    </p>
  );
}
