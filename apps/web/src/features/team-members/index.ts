// Team members: their settings pages are loaded by the router; Teams lists them.
export { useGetTeamMembersQuery } from './api/team-members-api';
