import { useEffect, useState } from "react";
import { cn } from "~/lib/cn";
import { isActive, type RoomState } from "./state";
import { TableForm } from "./table-form";
import type { RoomConnection } from "./use-room";

/** The time, again every half minute: who is active or away is judged against it. */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Who sits at the table, active or away, with the host's hand-over, lock and removal: forms the page
 * takes without JavaScript, except at a paid reading (`live`), which is held live only.
 */
export function People({
  state,
  you,
  isHost,
  send,
  live = false,
}: {
  state: RoomState;
  you: string | null;
  isHost: boolean;
  send: RoomConnection["send"];
  live?: boolean;
}) {
  const now = useNow();
  const formsClass = live ? "needs-script" : undefined;
  return (
    <section aria-labelledby="people-heading" className="rounded-2xl border border-line bg-surface/80 p-4">
      <div className="flex items-center justify-between">
        <h2 id="people-heading" className="font-semibold">
          At the table
        </h2>
        {isHost ? (
          <TableForm
            intent="lock"
            fields={{ locked: String(!state.locked) }}
            onSend={() => send({ type: "lock", locked: !state.locked })}
            className={formsClass}
          >
            <button type="submit" className="text-xs text-brand underline">
              {state.locked ? "Unlock the room" : "Lock the room"}
            </button>
          </TableForm>
        ) : state.locked ? (
          <span className="text-xs text-muted">Locked</span>
        ) : null}
      </div>
      <ul className="mt-2 grid gap-2" data-testid="people">
        {state.members.map((member) => {
          const active = isActive(member, now);
          return (
            <li key={member.id} className="flex items-center gap-2 text-sm">
              {/* Presence is live: without JavaScript the page could only show how it stood when it loaded. */}
              <span
                className={cn("needs-script h-2.5 w-2.5 shrink-0 rounded-full", active ? "bg-emerald-500" : "bg-line")}
                aria-label={active ? "active" : "away"}
                role="img"
              />
              {member.avatarUrl ? <img src={member.avatarUrl} alt="" className="h-6 w-6 rounded-full object-cover" /> : null}
              <span className="min-w-0 flex-1 truncate">
                {member.name}
                {member.id === you ? " (you)" : ""}
                {member.id === state.hostId ? " · host" : member.role !== "participant" ? ` · ${member.role}` : ""}
                {member.id === state.controllerId && member.id !== state.hostId ? " · leading" : ""}
              </span>
              {member.readerLevel ? (
                <span
                  className="shrink-0 rounded-full border border-gold-bright/60 px-2 py-px text-[11px] font-medium text-gold"
                  title={`${member.readerLevel} reader`}
                >
                  {member.readerLevel}
                </span>
              ) : null}
              {isHost && member.id !== you && member.role !== "spectator" && member.id !== state.controllerId ? (
                <TableForm intent="handOver" fields={{ to: member.id }} onSend={() => send({ type: "handOver", to: member.id })} className={formsClass}>
                  <button type="submit" className="text-xs text-brand underline">
                    Hand over
                  </button>
                </TableForm>
              ) : null}
              {isHost && member.id === you && state.controllerId !== you ? (
                <TableForm intent="handOver" fields={{ to: member.id }} onSend={() => send({ type: "handOver", to: member.id })} className={formsClass}>
                  <button type="submit" className="text-xs text-brand underline">
                    Take back
                  </button>
                </TableForm>
              ) : null}
              {isHost && member.id !== state.hostId ? (
                <TableForm intent="remove" fields={{ id: member.id }} onSend={() => send({ type: "remove", id: member.id })} className={formsClass}>
                  <button type="submit" className="text-xs text-danger underline" aria-label={`Remove ${member.name}`}>
                    Remove
                  </button>
                </TableForm>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
