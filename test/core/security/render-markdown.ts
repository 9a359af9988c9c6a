/**
 * The most trusting markdown renderer we can build: raw HTML passes through and
 * every link is accepted. Markdown the editor writes must be inert even here, so its
 * safety never depends on a host's renderer settings.
 */
import MarkdownIt from 'markdown-it';

/** Renders markdown to HTML with raw HTML enabled and markdown-it's link filter turned off. */
export function renderMarkdownPermissively(markdown: string): string {
  const md = MarkdownIt('commonmark', { html: true }).enable(['table', 'strikethrough']);
  md.validateLink = () => true;
  return md.render(markdown);
}
