/**
 * Builders of rich-text HTML exactly as the editor's serialiser writes it, so the demo content
 * is stored as is and passes normaliseRichText unchanged.
 */

/** Text made safe for HTML content. */
export function text(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attribute(value: string): string {
  return text(value).replace(/"/g, '&quot;');
}

/** A paragraph of inline HTML pieces. */
export function p(...inline: string[]): string {
  return `<p>${inline.join('')}</p>`;
}

/** A heading of level 1 to 3. */
export function heading(level: 1 | 2 | 3, value: string): string {
  return `<h${level}>${text(value)}</h${level}>`;
}

/** Bold text. */
export function strong(value: string): string {
  return `<strong>${text(value)}</strong>`;
}

/** Inline code. */
export function code(value: string): string {
  return `<code>${text(value)}</code>`;
}

/** A bullet list, one paragraph of inline HTML per item. */
export function bullets(...items: string[]): string {
  return `<ul>${items.map((item) => `<li>${p(item)}</li>`).join('')}</ul>`;
}

/** A numbered list, one paragraph of inline HTML per item. */
export function numbered(...items: string[]): string {
  return `<ol>${items.map((item) => `<li>${p(item)}</li>`).join('')}</ol>`;
}

/** A to-do list of [done, inline HTML] items. */
export function tasks(...items: Array<[boolean, string]>): string {
  const item = ([done, inline]: [boolean, string]) =>
    `<li data-type="taskItem" data-checked="${done}"><label contenteditable="false"><input type="checkbox"${done ? ' checked="checked"' : ''}></label><div>${p(inline)}</div></li>`;
  return `<ul data-type="taskList">${items.map(item).join('')}</ul>`;
}

/** A table whose first row is a header row. */
export function table(header: string[], ...rows: string[][]): string {
  const cells = (tag: 'th' | 'td', values: string[]) => values.map((value) => `<${tag}>${p(text(value))}</${tag}>`).join('');
  return `<table><tbody><tr>${cells('th', header)}</tr>${rows.map((row) => `<tr>${cells('td', row)}</tr>`).join('')}</tbody></table>`;
}

/** A code block in a language. */
export function codeBlock(language: string, source: string): string {
  return `<pre data-language="${attribute(language)}"><code class="language-${attribute(language)}">${text(source)}</code></pre>`;
}

/** A quote of one paragraph. */
export function quote(value: string): string {
  return `<blockquote>${p(text(value))}</blockquote>`;
}

/** A link opening in a new tab, as the editor writes it. */
export function link(href: string, label: string): string {
  return `<a href="${attribute(href)}" target="_blank" rel="noopener noreferrer nofollow">${text(label)}</a>`;
}

/** Someone to mention: their id, name and the path of their profile. */
export interface MentionTarget {
  id: string;
  name: string;
  profilePath: string;
}

/** An @-mention of a workspace member, as the app's mention picker inserts it. */
export function mention(target: MentionTarget): string {
  return (
    `<span data-type="mention" class="mention" data-id="${attribute(target.id)}" data-label="${attribute(target.name)}" data-target="users" ` +
    `data-self="false" data-redirect-uri="${attribute(target.profilePath)}" data-entity-identifier="${attribute(target.id)}" ` +
    `data-entity-name="user_mention">@${text(target.name)}</span>`
  );
}
