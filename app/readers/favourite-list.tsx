import { Link } from "@remix-run/react";
import { ReaderAvatar } from "~/readers/reader-cards";
import { FavouriteControls, type FavouriteState } from "./favourite-controls";

type Favourite = { username: string; fullName: string | null; avatarUrl: string | null; online: boolean; lastSeen: string | null; favourite: FavouriteState };

/** The profile's "Your readers": each favourite with its status, the notice switch and a way to let it go. */
export function FavouriteReaders({ readers, total }: { readers: Favourite[]; total: number }) {
  return (
    <section
      id="favourite-readers"
      aria-labelledby="favourites-heading"
      className="rounded-3xl border border-line bg-surface/80 p-6 shadow-sm sm:p-8"
      data-testid="favourite-readers"
    >
      <h2 id="favourites-heading" className="text-2xl font-bold">
        Your readers
      </h2>
      {readers.length === 0 ? (
        <p className="mt-2 text-muted">
          No favourite readers yet. Press the heart on a reader in{" "}
          <Link to="/readers" className="underline underline-offset-4">
            the readers list
          </Link>{" "}
          to keep them here and, if you like, hear when they come online.
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-muted">
            With “Notify me when online” on, you hear when they come online: on devices where you turned notifications on, else by e-mail; at most once every
            three hours for each reader.
          </p>
          <ul className="mt-4 divide-y divide-line">
            {readers.map((reader) => {
              const name = reader.fullName || reader.username;
              return (
                <li key={reader.username} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between" data-favourite={reader.username}>
                  <Link to={`/readers/${reader.username}`} className="flex min-w-0 items-center gap-3 hover:text-gold">
                    <ReaderAvatar name={name} url={reader.avatarUrl} online={reader.online} size={44} />
                    <span className="min-w-0">
                      <span className="block truncate font-semibold">{name}</span>
                      <span className="block truncate text-sm text-muted">
                        {reader.online ? "Online now" : reader.lastSeen ? `Last online ${reader.lastSeen}` : "Offline"}
                      </span>
                    </span>
                  </Link>
                  <FavouriteControls username={reader.username} name={name} saved={reader.favourite} />
                </li>
              );
            })}
          </ul>
          {total > readers.length ? (
            <p className="mt-3 text-sm">
              <Link to="/readers?mine=1" className="underline underline-offset-4">
                See all {total} of your readers
              </Link>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
