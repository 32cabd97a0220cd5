import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/auth/staff.server";
import { PageHeader } from "~/components/page-header";
import { StaffList, StaffRow } from "~/staff/staff-forms";
import { StaffNav } from "~/staff/staff-nav";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { findPeople } from "~/staff/people.server";
import { staffMeta } from "~/staff/meta";
import { Input } from "~/components/ui/field";

export const meta: MetaFunction = staffMeta("People");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(context);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 254);
  return { q, people: await findPeople(context.db, q) };
}

export default function StaffPeople() {
  const { q, people } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16">
      <PageHeader eyebrow="Staff" title="People">
        <p>Find a member by e-mail or username.</p>
      </PageHeader>
      <StaffNav />
      <Form method="get" role="search" className="mb-8 flex flex-wrap gap-3">
        <label className="sr-only" htmlFor="people-search">
          E-mail or username
        </label>
        <Input className="mt-0 flex-1 basis-48" id="people-search" name="q" type="search" defaultValue={q} maxLength={254} placeholder="E-mail or username" />
        <button type="submit" className={buttonClasses("primary")}>
          Find
        </button>
      </Form>
      {q.length >= 2 ? (
        <StaffList empty={`Nobody's e-mail or username holds “${q}”.`}>
          {people.map((person) => (
            <StaffRow key={person.id} testId="staff-person">
              <p className="flex flex-wrap items-center gap-2">
                <Link to={`/staff/people/${person.id}`} className="font-semibold text-brand underline">
                  {person.email ?? person.username ?? person.id}
                </Link>
                {person.username ? <span className="text-muted">@{person.username}</span> : null}
                {person.isReader ? <Badge>Reader</Badge> : null}
                {person.suspendedAt ? <Badge tone="gold">Suspended</Badge> : null}
              </p>
            </StaffRow>
          ))}
        </StaffList>
      ) : q ? (
        <p className="text-muted">Type two characters at least.</p>
      ) : null}
    </div>
  );
}
