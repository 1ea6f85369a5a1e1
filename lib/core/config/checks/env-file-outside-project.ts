/** env-file-outside-project: a project-level entry whose envFile is read from outside the project. */
import { envFileOutside } from '../sources';
import { at, located, type ConfigRule } from './rule';

export const envFileOutsideProject: ConfigRule<'env-file-outside-project'> = {
  definition: {
    id: 'env-file-outside-project',
    severity: 'high',
    title: 'A project file loads variables from outside the project',
    meaning:
      'The entry comes from a file inside a project folder (a repository you cloned, say) and names an envFile outside that folder, such as ~/.env, directly or through a symbolic link. The client reads the file and hands every variable in it (API keys, cloud credentials) to the server the project chose, under names the entry itself never lists.',
    doesNotTell:
      'What the file holds or whether the server uses it: only that whoever wrote the project file chose which of your files feed the server. Check the path, or keep the variables the server needs in a file inside the project.',
    reference: 'VS Code docs, MCP servers: configuration format (envFile); Cursor docs, MCP configuration (envFile)',
  },
  looks: 'sources',
  check: ({ entry, envFile, realProject }) => {
    if (entry.scope !== 'project' || envFile === null) return [];
    const outside = envFileOutside(entry, envFile, realProject);
    return outside === null
      ? []
      : [
          located(
            envFileOutsideProject.definition,
            `envFile "${envFile.written}" is read from ${outside}, outside the project ${entry.project ?? ''}: every variable in it reaches the server.`,
            at(entry),
          ),
        ];
  },
};
