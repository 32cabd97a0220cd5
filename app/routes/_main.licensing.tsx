import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { LegalPage, LegalSection } from "~/components/legal-page";
import { COMMERCIAL_RIGHTS_LABEL } from "~/entitlements/entitlements";
import { LICENCES, NEVER_GRANTED, PLAN_RIGHTS, type ListingLicence } from "~/marketplace/licences";
import { PLANS, type Plan } from "~/plans/catalogue";

export const meta: MetaFunction = () => [
  { title: "Licensing — Arcanum" },
  {
    name: "description",
    content:
      "What a deck bought on Arcanum may be used for, personal or commercial, and what each plan's commercial rights let a creator do with their own decks.",
  },
];

const RIGHTS_ORDER: Plan["commercialRights"][] = ["personal", "limited", "full", "extended"];

/** The plans that carry each level of rights, by name, once each (a plan sold monthly and yearly is one). */
const plansWith = (rights: Plan["commercialRights"]) => [...new Set(PLANS.filter((plan) => plan.commercialRights === rights).map((plan) => plan.name))];

function Licence({ id }: { id: ListingLicence }) {
  const licence = LICENCES[id];
  return (
    <LegalSection id={id} title={`${licence.title} licence`}>
      <p>{licence.summary}</p>
      <p className="font-semibold">It grants</p>
      <ul>
        {licence.grants.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="font-semibold">It does not grant</p>
      <ul>
        {licence.withholds.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </LegalSection>
  );
}

export default function Licensing() {
  return (
    <LegalPage
      eyebrow="Licensing"
      title="What you may do with a deck"
      updated="29 November 2026"
      intro={
        <p>
          Every deck in the marketplace is sold with one of two licences, named on its page, at checkout and in its print files. Decks you make yourself are
          yours to use as your plan allows.
        </p>
      }
    >
      <Licence id="personal" />
      <Licence id="commercial" />

      <LegalSection id="plan-rights" title="Your own decks: each plan's rights">
        <p>What you may do with the decks you made depends on the plan you hold when you use them. Decks you sold keep the licence their buyers bought.</p>
        <div className="mt-4 grid gap-4">
          {RIGHTS_ORDER.map((rights) => (
            <div key={rights} className="rounded-2xl border border-line p-4" data-testid={`rights-${rights}`}>
              <h3 className="font-semibold">{COMMERCIAL_RIGHTS_LABEL[rights]}</h3>
              <p className="mt-1 text-sm text-muted">
                {plansWith(rights).join(", ")} · {PLAN_RIGHTS[rights].listing}
              </p>
              <ul>
                {PLAN_RIGHTS[rights].grants.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <p>
          Compare the plans on the <Link to="/pricing">pricing page</Link>.
        </p>
      </LegalSection>

      <LegalSection id="never" title="What no licence grants">
        <ul>
          {NEVER_GRANTED.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </LegalSection>

      <LegalSection id="credit" title="Naming the deck">
        <p>Where a licence asks you to name the deck, write its title and its creator, for example: “Autumn Lanterns, by Luna, from Arcanum”.</p>
        <p>
          Questions about a use not listed here? Write to us from the <Link to="/terms">Terms</Link> page’s contact address before you go ahead.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
