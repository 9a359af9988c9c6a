import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { Attrs } from 'prosemirror-model';
import { mentionClickPlugin } from '../../../src/core/plugins/mention-click.js';
import { mountEditor, type TestEditor } from '../../helpers/editor.js';

const MENTION = '<p>hi <span data-type="mention" data-id="u1" data-label="Ada" data-redirect-uri="/ws/profile/u1" data-entity-identifier="u1" data-entity-name="user_mention">@Ada</span></p>';

describe('mention clicks', () => {
  let editor: TestEditor | null = null;
  afterEach(() => {
    editor?.destroy();
    editor = null;
  });

  async function clickMention(editable: boolean): Promise<Attrs[]> {
    const clicks: Attrs[] = [];
    editor = mountEditor(MENTION, { plugins: [mentionClickPlugin({ onClick: (attrs) => clicks.push(attrs) })], editable });
    const rect = editor.view.dom.querySelector('.mention')!.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)] });
    return clicks;
  }

  it('reports a click on a mention with its attributes in an editable editor', async () => {
    const clicks = await clickMention(true);
    expect(clicks.length).to.equal(1);
    expect(clicks[0].redirect_uri).to.equal('/ws/profile/u1');
    expect(clicks[0].label).to.equal('Ada');
  });

  it('does not make mentions clickable in read-only mode', async () => {
    expect(await clickMention(false)).to.deep.equal([]);
  });
});
