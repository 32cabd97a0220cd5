import { useRouteLoaderData } from "@remix-run/react";
import type { rootLoader } from "~/auth/root-loader.server";

export function useRootData() {
  return useRouteLoaderData<typeof rootLoader>("root");
}

export function useOptionalUser() {
  return useRootData()?.user ?? null;
}

/** Whether the signed-in person is staff, so the menus offer the staff pages. */
export function useIsStaff() {
  return useRootData()?.isStaff ?? false;
}
