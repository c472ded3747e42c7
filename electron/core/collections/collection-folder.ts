/**
 * The project's collections folder, `.mcp-workbench/collections/` beside its `.mcp.json`:
 * listing its YAML files (each parsed, with its problems), reading one, writing one back.
 * Files are named, never given as paths, and links are not followed (neither a linked file
 * nor a linked `.mcp-workbench` or `collections` folder), so nothing outside the folder is
 * read or written.
 */
import { lstat, mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { isDeepStrictEqual } from 'node:util';
import { parseDocument, stringify } from 'yaml';
import { CollectionFileNameSchema, type Collection, type CollectionFile, type CollectionList } from '../../../shared/api/collections';
import { AppError } from '../../../shared/envelope';
import { parseCollection } from './collection-parse';
import { updateDocument } from './yaml-update';

const COLLECTIONS_FOLDER = path.join('.mcp-workbench', 'collections');

export function collectionsFolder(projectDir: string): string {
  return path.join(projectDir, COLLECTIONS_FOLDER);
}

/**
 * The collections folder, once each folder on the way (`.mcp-workbench`, then
 * `collections`) is known not to be a symbolic link: a repository could link either to
 * any folder of yours, whose YAML files the app would then list, run and overwrite.
 * A folder that does not exist yet is fine (saving makes it, and checks again).
 */
export async function checkedCollectionsFolder(projectDir: string): Promise<string> {
  let current = projectDir;
  for (const part of COLLECTIONS_FOLDER.split(path.sep)) {
    current = path.join(current, part);
    const stat = await lstat(current).catch(() => undefined); // absent: nothing there to refuse.
    if (!stat) break;
    if (stat.isSymbolicLink()) {
      throw new AppError('invalid-request', `${current} is a symbolic link; collections are read and written only in a real ${COLLECTIONS_FOLDER} folder of the project, never through a link. Replace the link by a folder.`);
    }
    if (!stat.isDirectory()) throw new AppError('invalid-request', `${current} is not a folder.`);
  }
  return collectionsFolder(projectDir);
}

export function isCollectionFileName(name: string): boolean {
  return CollectionFileNameSchema.safeParse(name).success;
}

/** Reads and parses one collection file at any path (the CLI's arguments, the folder's files). */
export async function readCollectionFile(filePath: string, label = path.basename(filePath)): Promise<CollectionFile> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder, not a collection file' : (error as Error).message;
    return { file: label, path: filePath, problems: [{ file: label, message }] };
  }
  const parsed = parseCollection(text, label);
  return { file: label, path: filePath, ...(parsed.collection ? { collection: parsed.collection } : {}), problems: parsed.problems };
}

export async function listCollections(projectDir: string | undefined): Promise<CollectionList> {
  if (!projectDir) return { files: [] };
  const folder = await checkedCollectionsFolder(projectDir);
  let names: string[];
  try {
    names = (await readdir(folder, { withFileTypes: true })).filter((entry) => entry.isFile() && isCollectionFileName(entry.name)).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { folder, files: [] };
    throw error;
  }
  names.sort((a, b) => a.localeCompare(b));
  return { folder, files: await Promise.all(names.map((name) => readCollectionFile(path.join(folder, name), name))) };
}

async function folderOrError(projectDir: string | undefined): Promise<string> {
  if (!projectDir) throw new AppError('invalid-request', 'Collections live in a project: open a project folder first.');
  return checkedCollectionsFolder(projectDir);
}

/**
 * A symbolic link in the folder is refused: a repository could point one at any file of
 * yours, which the app would then show, or overwrite on Save.
 */
async function refuseLink(filePath: string, file: string): Promise<void> {
  const stat = await lstat(filePath).catch(() => undefined); // absent: nothing there to refuse.
  if (stat?.isSymbolicLink()) throw new AppError('invalid-request', `${file} is a symbolic link; collections are read and written only as plain files of the collections folder.`);
}

/** Where a plain file of the collections folder is (a load run's data rows), refused when it is a link. */
export async function collectionsFolderFile(projectDir: string | undefined, file: string): Promise<string> {
  const folder = await folderOrError(projectDir);
  await refuseLink(path.join(folder, file), file);
  return path.join(folder, file);
}

export async function readCollection(projectDir: string | undefined, file: string): Promise<CollectionFile> {
  const folder = await folderOrError(projectDir);
  await refuseLink(path.join(folder, file), file);
  const read = await readCollectionFile(path.join(folder, file), file);
  if (read.problems.length === 1 && read.problems[0]!.message === 'no such file') throw new AppError('not-found', `No collection file "${file}" in ${folder}.`);
  return read;
}

/** The collection as YAML: keys in the order of the format's docs, no line folding (long strings stay on one line). */
export function collectionToYaml(collection: Collection): string {
  return stringify(collection, { lineWidth: 0, aliasDuplicateObjects: false });
}

/**
 * The text to save: the file's own text with the edit laid over it (its comments, order and
 * styles kept) when that reads back as exactly the collection, else a fresh rendering.
 */
export function collectionText(collection: Collection, existing: string | undefined): string {
  if (existing !== undefined) {
    const doc = parseDocument(existing, { uniqueKeys: true });
    if (doc.errors.length === 0 && doc.contents) {
      updateDocument(doc, collection);
      const text = doc.toString({ lineWidth: 0 });
      const back = parseCollection(text, 'check');
      if (back.collection && isDeepStrictEqual(JSON.parse(JSON.stringify(back.collection)), JSON.parse(JSON.stringify(collection)))) return text;
    }
  }
  return collectionToYaml(collection);
}

export async function saveCollection(projectDir: string | undefined, file: string, collection: Collection): Promise<CollectionFile> {
  const folder = await folderOrError(projectDir);
  await mkdir(folder, { recursive: true });
  // Made just now, or there before: either way no link on the way (a link put in meanwhile is refused).
  await folderOrError(projectDir);
  const filePath = path.join(folder, file);
  await refuseLink(filePath, file);
  const existing = await readFile(filePath, 'utf8').catch(() => undefined); // absent or unreadable: written as new.
  await writeFileAtomic(filePath, collectionText(collection, existing));
  return readCollectionFile(filePath, file);
}
