/** The longest branch name offered (git allows far more; a short one reads better in lists). */
const BRANCH_MAX = 60;

/**
 * A git branch name for an issue: its key in lower case and its title's words (`web-12-fix-the-login-form`),
 * letters without accents, anything else a hyphen, cut at a word. A pull request from such a branch
 * is linked to the issue by the GitHub integration, which finds keys in any case.
 */
export function branchName(key: string, title: string): string {
  const prefix = key.toLowerCase();
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!words) return prefix;
  let name = `${prefix}-${words}`;
  if (name.length > BRANCH_MAX) {
    const cut = name.slice(0, BRANCH_MAX + 1);
    name = cut.slice(0, Math.max(cut.lastIndexOf('-'), prefix.length));
  }
  return name;
}
