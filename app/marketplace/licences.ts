/**
 * What a licence grants, in one place (decision 0109): the two licences a deck is sold with, and what
 * each plan's commercial rights let a creator do with their own decks. `/licensing`, the listing,
 * the checkout, the print files and the pricing page all read these words.
 */
import type { Plan } from "../plans/catalogue";

export type ListingLicence = "personal" | "commercial";

/** Physical copies of a whole deck a commercial licence (or limited rights) allows to be sold, in all. */
export const COMMERCIAL_PRINT_COPIES = 250;
/** Physical copies anyone may print for themselves under a personal licence. */
export const PERSONAL_PRINT_COPIES = 3;

export const LICENCES: Record<ListingLicence, { title: string; short: string; summary: string; grants: string[]; withholds: string[] }> = {
  personal: {
    title: "Personal use",
    short: "Personal use only: print it for yourself, not for sale",
    summary: "For your own readings and your own enjoyment.",
    grants: [
      "Read with the deck yourself: at the table, online, or in readings you host for friends without charge.",
      `Print up to ${PERSONAL_PRINT_COPIES} physical copies for yourself.`,
      "Share pictures of single cards or of a spread you drew, naming the deck and its creator.",
    ],
    withholds: ["Giving paid readings with it.", "Selling or giving away its files or printed copies.", "Using its art in anything sold or sponsored."],
  },
  commercial: {
    title: "Commercial use",
    short: `Commercial use: you may give paid readings with it, and print and sell up to ${COMMERCIAL_PRINT_COPIES} copies of the whole deck`,
    summary: "For readers and makers who work with the deck.",
    grants: [
      "Everything the personal licence grants.",
      "Give paid readings with it: on Arcanum, on your own site, on streams or in person.",
      "Use its pictures in paid or sponsored content (videos, posts, courses, a book of your readings), naming the deck and its creator.",
      `Print and sell physical copies of the whole deck, up to ${COMMERCIAL_PRINT_COPIES} copies in all.`,
    ],
    withholds: [
      "Selling its files, or single cards as pictures or prints.",
      "Putting its art on merchandise: clothing, mugs, posters, stickers and the like.",
      "Passing the licence on: it is the buyer's alone.",
    ],
  },
};

/** What each level of commercial rights lets a creator do with the decks they made. */
export const PLAN_RIGHTS: Record<Plan["commercialRights"], { grants: string[]; listing: string }> = {
  personal: {
    grants: [
      "Read with your decks, print them for yourself, and share pictures of your cards.",
      "List your decks in the marketplace for free, with the personal licence.",
    ],
    listing: "Free listings, personal licence",
  },
  limited: {
    grants: [
      "Give paid readings with your decks and use their pictures in your own paid content.",
      "Sell your decks in the marketplace with the personal or the commercial licence.",
      `Print and sell up to ${COMMERCIAL_PRINT_COPIES} physical copies of each deck.`,
    ],
    listing: "Priced listings, personal or commercial licence",
  },
  full: {
    grants: [
      "Everything limited rights allow.",
      "Print and sell physical copies of your decks without a limit, yourself or through a printer or publisher.",
      "Sell single cards as art prints.",
    ],
    listing: "Priced listings, personal or commercial licence",
  },
  extended: {
    grants: ["Everything full rights allow.", "Merchandise: put your cards' art on clothing, mugs, posters, stickers and other goods, in any number."],
    listing: "Priced listings, personal or commercial licence",
  },
};

/** What no licence and no plan grants. */
export const NEVER_GRANTED = [
  "Selling a deck's files as stock art, or offering them for others to download.",
  "Using a deck's art to train an AI model.",
  "Presenting AI-painted art as painted by hand.",
  "Registering a deck's art as a trademark.",
];

/** Where a licence is explained. */
export const licencePath = (licence: ListingLicence) => `/licensing#${licence}`;
export const PLAN_RIGHTS_PATH = "/licensing#plan-rights";
