import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import {
  createJobRunner,
  csvField,
  defuseFormula,
  EXPORT_COLUMNS,
  writeExport,
  type ExportFile,
  type ExportIssue,
} from '../../src/server/exports/index.js';

function issue(n: number, overrides: Partial<ExportIssue> = {}): ExportIssue {
  return {
    key: `WEB-${n}`,
    name: `Issue ${n}`,
    state: 'In Progress',
    state_group: 'started',
    priority: 'high',
    assignees: ['Ann Lee', 'Bo Kim'],
    labels: ['bug'],
    start_date: '2025-03-01',
    target_date: null,
    created_at: '2025-02-28T09:15:00.000Z',
    updated_at: new Date('2025-03-02T10:00:00Z'),
    description: `Description of ${n}`,
    ...overrides,
  };
}

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

/** Splits RFC 4180 CSV text into records of fields (a reader written for the test). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  assert.equal(field, '', 'the file ends with CRLF');
  return records;
}

describe('CSV export', () => {
  it('starts with a UTF-8 byte order mark and a header row, and ends records with CRLF', async () => {
    const file = await writeExport('csv', [issue(1)]);
    assert.deepEqual([...file.bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    assert.equal(file.contentType, 'text/csv; charset=utf-8');
    assert.equal(file.extension, 'csv');
    const text = decode(file.bytes).slice(1);
    assert.equal(
      text,
      'Key,Name,State,State group,Priority,Assignees,Labels,Start date,Target date,Created at,Updated at,Description\r\n' +
        'WEB-1,Issue 1,In Progress,started,high,"Ann Lee, Bo Kim",bug,2025-03-01,,2025-02-28T09:15:00.000Z,2025-03-02T10:00:00.000Z,Description of 1\r\n',
    );
  });

  it('quotes commas, quotes and line breaks as RFC 4180 says', () => {
    assert.equal(csvField('plain'), 'plain');
    assert.equal(csvField('a,b'), '"a,b"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('line\nbreak'), '"line\nbreak"');
    assert.equal(csvField('cr\rlf'), '"cr\rlf"');
    assert.equal(csvField(''), '');
  });

  it('defuses every cell a spreadsheet would run as a formula', () => {
    for (const value of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://evil.test","click")']) {
      assert.equal(defuseFormula(value), `'${value}`, value);
    }
    for (const value of ['safe', ' =not at start', 'a=b', '', '1-2']) assert.equal(defuseFormula(value), value);
  });

  it('reads back to the same values, with injections defused', async () => {
    const tricky = issue(2, {
      name: '=cmd|\' /C calc\'!A0',
      assignees: ['@admin', 'Zoë "Z" Ünal'],
      labels: ['-1', 'a,b'],
      description: 'Line one\nLine "two", with comma\r\n+ plus line',
      state: null,
      priority: null,
    });
    const records = parseCsv(decode((await writeExport('csv', [issue(1), tricky])).bytes).slice(1));
    assert.equal(records.length, 3);
    assert.deepEqual(records[0], EXPORT_COLUMNS.map((c) => c.header));
    const row = Object.fromEntries(EXPORT_COLUMNS.map((c, i) => [c.field, records[2][i]]));
    assert.equal(row.name, "'=cmd|' /C calc'!A0");
    assert.equal(row.assignees, '\'@admin, Zoë "Z" Ünal');
    assert.equal(row.labels, "'-1, a,b");
    assert.equal(row.description, 'Line one\nLine "two", with comma\r\n+ plus line');
    assert.equal(row.state, '');
    assert.equal(row.priority, '');
    for (const record of records) assert.equal(record.length, EXPORT_COLUMNS.length);
  });

  it('writes only the header for no rows', async () => {
    assert.equal(decode((await writeExport('csv', [])).bytes), '\ufeffKey,Name,State,State group,Priority,Assignees,Labels,Start date,Target date,Created at,Updated at,Description\r\n');
  });
});

describe('XLSX export', () => {
  it('opens back with exceljs: one sheet, a bold header row, the rows and sensible widths', async () => {
    const rows = [issue(1), issue(2, { name: '=1+1', description: 'multi\nline', start_date: new Date(2025, 0, 31), labels: [] })];
    const file = await writeExport('xlsx', rows);
    assert.equal(file.contentType, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    assert.equal(file.extension, 'xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(file.bytes) as unknown as ArrayBuffer);
    assert.equal(workbook.worksheets.length, 1);
    const sheet = workbook.worksheets[0];
    assert.equal(sheet.name, 'Issues');
    assert.equal(sheet.rowCount, 3);
    const header = sheet.getRow(1);
    assert.deepEqual((header.values as unknown[]).slice(1), EXPORT_COLUMNS.map((c) => c.header));
    assert.equal(header.font?.bold ?? header.getCell(1).font?.bold, true);
    for (let i = 1; i <= EXPORT_COLUMNS.length; i++) {
      const width = sheet.getColumn(i).width ?? 0;
      assert.ok(width >= 10 && width <= 80, `column ${i} width ${width}`);
    }
    const first = sheet.getRow(2);
    assert.equal(first.getCell(1).value, 'WEB-1');
    assert.equal(first.getCell(6).value, 'Ann Lee, Bo Kim');
    assert.deepEqual(first.getCell(8).value, new Date('2025-03-01T00:00:00Z'));
    assert.equal(first.getCell(9).value, null);
    assert.deepEqual(first.getCell(10).value, new Date('2025-02-28T09:15:00Z'));
    const second = sheet.getRow(3);
    assert.equal(second.getCell(2).value, '=1+1', 'text cells are stored as text, not formulas');
    assert.equal(second.getCell(2).type, ExcelJS.ValueType.String);
    assert.equal(second.getCell(12).value, 'multi\nline');
    assert.deepEqual(second.getCell(8).value, new Date('2025-01-31T00:00:00Z'));
  });
});

describe('JSON export', () => {
  it('parses back to an array of objects with the row fields', async () => {
    const file = await writeExport('json', [issue(1), issue(2, { assignees: [], target_date: '2025-04-01', description: 'a "quoted"\nline' })]);
    assert.equal(file.contentType, 'application/json; charset=utf-8');
    assert.equal(file.extension, 'json');
    const parsed = JSON.parse(decode(file.bytes)) as Array<Record<string, unknown>>;
    assert.deepEqual(parsed[0], {
      key: 'WEB-1',
      name: 'Issue 1',
      state: 'In Progress',
      state_group: 'started',
      priority: 'high',
      assignees: ['Ann Lee', 'Bo Kim'],
      labels: ['bug'],
      start_date: '2025-03-01',
      target_date: null,
      created_at: '2025-02-28T09:15:00.000Z',
      updated_at: '2025-03-02T10:00:00.000Z',
      description: 'Description of 1',
    });
    assert.deepEqual([parsed[1].assignees, parsed[1].target_date, parsed[1].description], [[], '2025-04-01', 'a "quoted"\nline']);
  });

  it('is an empty array for no rows', async () => {
    assert.deepEqual(JSON.parse(decode((await writeExport('json', [])).bytes)), []);
  });
});

describe('writeExport progress', () => {
  for (const provider of ['csv', 'xlsx', 'json'] as const) {
    it(`${provider}: rises as rows are written and ends at exactly 1`, async () => {
      const rows = Array.from({ length: 1200 }, (_, i) => issue(i + 1));
      const seen: number[] = [];
      await writeExport(provider, rows, { onProgress: (f) => seen.push(f) });
      assert.equal(seen.at(-1), 1);
      assert.ok(seen.length > 10 && seen.length <= 102, `${seen.length} reports`);
      for (let i = 1; i < seen.length; i++) assert.ok(seen[i] > seen[i - 1], 'strictly increasing');
      assert.ok(seen.every((f) => f >= 0 && f <= 1));
      assert.equal(seen.filter((f) => f === 1).length, 1);
    });
  }

  it('reports 1 for no rows', async () => {
    const seen: number[] = [];
    await writeExport('csv', [], { onProgress: (f) => seen.push(f) });
    assert.deepEqual(seen, [1]);
  });

  it('refuses an unknown provider', async () => {
    await assert.rejects(writeExport('pdf' as 'csv', []), RangeError);
  });
});

describe('createJobRunner', () => {
  it('runs an export job in the background, reporting progress then completion', async () => {
    const events: string[] = [];
    const progress: number[] = [];
    let file: ExportFile | undefined;
    const runner = createJobRunner<ExportFile>();
    runner.enqueue({
      id: 'job-1',
      onStart: () => void events.push('start'),
      run: (report) => writeExport('csv', [issue(1), issue(2)], { onProgress: report }),
      onProgress: async (f) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        progress.push(f);
      },
      onComplete: (result) => {
        events.push('complete');
        file = result;
      },
      onFailure: () => void events.push('failure'),
    });
    assert.deepEqual(events, [], 'nothing runs inside enqueue');
    assert.equal(runner.pending, 1);
    await runner.idle();
    assert.deepEqual(events, ['start', 'complete']);
    assert.equal(progress.at(-1), 1, 'the last progress is written before completion');
    assert.ok(progress.length >= 2);
    assert.match(decode(file!.bytes), /WEB-2/);
    assert.equal(runner.pending, 0);
  });

  it('runs jobs one at a time, in order', async () => {
    const log: string[] = [];
    let active = 0;
    const runner = createJobRunner<number>({ onError: () => {} });
    for (const n of [1, 2, 3]) {
      runner.enqueue({
        id: `j${n}`,
        run: async () => {
          active++;
          assert.equal(active, 1, 'only one job runs at once');
          log.push(`run ${n}`);
          await new Promise((resolve) => setTimeout(resolve, 5));
          active--;
          return n;
        },
        onComplete: (result) => void log.push(`done ${result}`),
        onFailure: () => void log.push(`fail ${n}`),
      });
    }
    assert.equal(runner.pending, 3);
    await runner.idle();
    assert.deepEqual(log, ['run 1', 'done 1', 'run 2', 'done 2', 'run 3', 'done 3']);
  });

  it('reports a failing job and goes on with the next', async () => {
    const log: string[] = [];
    const errors: string[] = [];
    const runner = createJobRunner<string>({ onError: (error, id) => errors.push(`${id}: ${error.message}`) });
    runner.enqueue({
      id: 'bad',
      run: async (report) => {
        report(0.5);
        throw new Error('disk full');
      },
      onComplete: () => void log.push('bad complete'),
      onFailure: (error) => void log.push(`bad failed: ${error.message}`),
    });
    runner.enqueue({ id: 'thrown', run: () => Promise.reject('not an error'), onComplete: () => {}, onFailure: (e) => void log.push(`thrown failed: ${e.message}`) });
    runner.enqueue({
      id: 'bad-complete',
      run: async () => 'x',
      onComplete: () => {
        throw new Error('could not save');
      },
      onFailure: (error) => void log.push(`bad-complete failed: ${error.message}`),
    });
    runner.enqueue({
      id: 'bad-failure',
      run: async () => {
        throw new Error('first');
      },
      onProgress: () => {},
      onComplete: () => {},
      onFailure: () => {
        throw new Error('could not record the failure');
      },
    });
    runner.enqueue({
      id: 'bad-progress',
      run: async (report) => {
        report(0.3);
        return 'ok';
      },
      onProgress: () => Promise.reject(new Error('progress write failed')),
      onComplete: (result) => void log.push(`bad-progress complete: ${result}`),
      onFailure: () => void log.push('bad-progress failed'),
    });
    runner.enqueue({ id: 'good', run: async () => 'fine', onComplete: (r) => void log.push(`good: ${r}`), onFailure: () => void log.push('good failed') });
    await runner.idle();
    assert.deepEqual(log, ['bad failed: disk full', 'thrown failed: not an error', 'bad-complete failed: could not save', 'bad-progress complete: ok', 'good: fine']);
    assert.deepEqual(errors, ['bad-failure: could not record the failure', 'bad-progress: progress write failed']);
  });

  it('survives an error handler that throws', async () => {
    const runner = createJobRunner<number>({
      onError: () => {
        throw new Error('logger down');
      },
    });
    const log: string[] = [];
    runner.enqueue({ id: 'a', run: () => Promise.reject(new Error('x')), onComplete: () => {}, onFailure: () => Promise.reject(new Error('y')) });
    runner.enqueue({ id: 'b', run: async () => 1, onComplete: () => void log.push('b done'), onFailure: () => {} });
    await runner.idle();
    assert.deepEqual(log, ['b done']);
  });

  it('refuses jobs after close and waits for the queued ones', async () => {
    const runner = createJobRunner<number>();
    const log: string[] = [];
    runner.enqueue({ id: 'a', run: async () => 1, onComplete: () => void log.push('a'), onFailure: () => {} });
    await runner.close();
    assert.deepEqual(log, ['a']);
    assert.throws(() => runner.enqueue({ id: 'b', run: async () => 2, onComplete: () => {}, onFailure: () => {} }), RangeError);
    await runner.idle();
  });
});
