/** The name the avatar menu is headed by: username, else the e-mail's local part, else User. */
export function displayName(user: { username: string | null; email: string | null }): string {
  return user.username || user.email?.split("@")[0] || "User";
}
