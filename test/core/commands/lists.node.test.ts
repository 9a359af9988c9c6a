import { toggleTasks } from '../../../src/core/commands/lists.js';
import { apply, doc, li, p, taskItem, taskList, ul } from '../../helpers/builder.js';

const item = (checked: boolean, ...content: Parameters<typeof taskItem>[1][]) => taskItem({ checked }, ...content);

describe('toggleTasks (Mod-Enter in a to-do list)', () => {
  it('ticks the item the caret is in, and unticks it again', () => {
    apply(doc(taskList(item(false, p('bu<a>y')), item(false, p('sell')))), toggleTasks, doc(taskList(item(true, p('bu<a>y')), item(false, p('sell')))));
    apply(doc(taskList(item(true, p('bu<a>y')))), toggleTasks, doc(taskList(item(false, p('bu<a>y')))));
  });

  it('sets every item the selection touches as the first one was not', () => {
    apply(doc(taskList(item(false, p('o<a>ne')), item(true, p('two')), item(false, p('th<b>ree')), item(false, p('four')))), toggleTasks, doc(taskList(item(true, p('o<a>ne')), item(true, p('two')), item(true, p('th<b>ree')), item(false, p('four')))));
  });

  it('leaves the item around a nested one alone', () => {
    apply(
      doc(taskList(item(false, p('outer'), taskList(item(false, p('in<a>ner')))))),
      toggleTasks,
      doc(taskList(item(false, p('outer'), taskList(item(true, p('in<a>ner')))))),
    );
  });

  it('does not apply outside a to-do list, so Mod-Enter breaks the line there', () => {
    apply(doc(p('te<a>xt')), toggleTasks, null);
    apply(doc(ul(li(p('bul<a>let')))), toggleTasks, null);
  });
});
