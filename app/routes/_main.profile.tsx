import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { displayName } from "~/auth/display-name";
import { requireUser } from "~/auth/guard.server";
import { findUserById } from "~/auth/user.server";
import { Avatar } from "~/components/avatar";
import { PageHeader, Panel } from "~/components/page-header";

export const meta: MetaFunction = () => [{ title: "Profile — Arcanum" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const current = await requireUser(request, context);
  const user = await findUserById(context.db, current.id);
  if (!user) throw new Response("Not found", { status: 404 });
  return {
    profile: {
      name: displayName(current),
      username: user.username,
      email: user.email,
      fullName: user.fullName,
      bio: user.bio,
      avatarUrl: user.avatarUrl,
      memberSince: user.createdAt,
    },
  };
}

export default function Profile() {
  const { profile } = useLoaderData<typeof loader>();
  const rows: [string, string | null][] = [
    ["Username", profile.username],
    ["E-mail", profile.email],
    ["Full name", profile.fullName],
    ["Bio", profile.bio],
    ["Member since", new Date(profile.memberSince).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" })],
  ];
  return (
    <div className="px-4">
      <PageHeader eyebrow="Profile" title={profile.name} />
      <Panel>
        <div className="flex justify-center">
          <Avatar name={profile.name} url={profile.avatarUrl} size={96} />
        </div>
        <dl className="mt-6 divide-y divide-line">
          {rows.map(([label, value]) => (
            <div key={label} className="grid grid-cols-3 gap-4 py-3 text-sm">
              <dt className="font-semibold">{label}</dt>
              <dd className="col-span-2 text-muted">{value || "—"}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 text-sm text-muted">Editing your profile and uploading an avatar are not available yet.</p>
      </Panel>
    </div>
  );
}
