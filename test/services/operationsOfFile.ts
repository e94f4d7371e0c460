/** Order operations as the app builds them, over a SQLite file of a test file's own and a client of its sandbox. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GatewayClient } from '../../main/gateway/client.js';
import { OrderOperations, type OrderOperationsOptions } from '../../main/services/orderOperations.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { SqliteOperationJournal, type OperationJournal } from '../../main/store/operations.js';
import { forTheFile } from '../sandbox/fixture.js';
import type { Engine } from '../store/journalEngines.js';

export interface OperationsDesk {
  readonly folder: string;
  readonly db: Db;
  readonly journal: OperationJournal;
  readonly audit: AuditRepository;
  readonly ops: OrderOperations;
}

/**
 * Finance at a desk operating on the sandbox's orders, journalling and auditing in a SQLite file in a folder
 * named from `folderPrefix`: opened before the file's own hooks and tests, closed and removed after them. The
 * journal, the audit log and the file are there for what a test reads besides; `parts` changes what it needs
 * otherwise (a clock). With `engine`, the journal is that engine's (the team's PostgreSQL: a store of its own).
 */
export const operationsOfFile = (
  folderPrefix: string,
  client: GatewayClient,
  parts: Partial<OrderOperationsOptions> = {},
  engine?: Engine,
): OperationsDesk =>
  forTheFile<OperationsDesk & { close(): Promise<void> }>(
    async () => {
      const folder = mkdtempSync(join(tmpdir(), folderPrefix));
      const db = openDatabase(join(folder, 'app.sqlite'));
      let close = () => Promise.resolve();
      const audit = new AuditRepository(db);
      let journal: OperationJournal = new SqliteOperationJournal(db, undefined, audit);
      if (engine && engine.name !== 'SQLite') {
        await engine.start();
        const desk = await (await engine.fresh()).desk(audit);
        journal = desk.operations;
        close = async () => {
          await desk.close();
          await engine.stop();
        };
      }
      const ops = new OrderOperations({
        environment: 'sandbox',
        operator: 'finance@desk',
        osUser: 'finance',
        client,
        journal,
        audit,
        ...parts,
      });
      return { folder, db, journal, audit, ops, close };
    },
    async ({ folder, db, close }) => {
      await close();
      db.close();
      rmSync(folder, { recursive: true, force: true });
    },
  );
