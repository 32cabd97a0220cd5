// The one list of what an account's deletion settles with others first (decision 0092).
import { readingsDeparture } from "../paid-readings/departure.server";
import type { DepartureHandler } from "../auth/departure.server";

export const departureHandlers: DepartureHandler[] = [readingsDeparture];
