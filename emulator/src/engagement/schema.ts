// Tables of the v2 engagement service. Dates are epoch milliseconds; they are
// formatted in the domain's time zone only on the way out.
import type { Migration } from '../db';
import { idsNeverReused } from '../ids-never-reused';

export const engagementMigrations: readonly Migration[] = [
  {
    id: 'v2/001-engagement',
    sql: `
CREATE TABLE v2_users (
  id INTEGER PRIMARY KEY,
  user_name TEXT NOT NULL UNIQUE,
  api_key_sha256 TEXT NOT NULL,
  password_sha256 TEXT NOT NULL
);
CREATE TABLE v2_tokens (
  token_sha256 TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES v2_users(id),
  expires_ms INTEGER NOT NULL
);
CREATE TABLE v2_contacts (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  first_name TEXT, last_name TEXT, crm_id TEXT, client_id TEXT, extended_value TEXT,
  extra TEXT NOT NULL DEFAULT '{}',
  creation_ms INTEGER NOT NULL, update_ms INTEGER NOT NULL, updated_by TEXT
);
CREATE INDEX v2_contacts_crm ON v2_contacts(crm_id);
CREATE TABLE v2_profiles (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  contact_id INTEGER NOT NULL REFERENCES v2_contacts(id),
  source TEXT NOT NULL, ext_id TEXT NOT NULL,
  name TEXT, user_name TEXT, image_url TEXT, about TEXT, location TEXT,
  followers INTEGER, following INTEGER, gender TEXT,
  creation_ms INTEGER NOT NULL, update_ms INTEGER NOT NULL, updated_by TEXT,
  UNIQUE (source, ext_id)
);
CREATE TABLE v2_contact_tags (contact_id INTEGER NOT NULL REFERENCES v2_contacts(id), tag TEXT NOT NULL, PRIMARY KEY (contact_id, tag));
CREATE TABLE v2_contact_notes (
  id INTEGER PRIMARY KEY, contact_id INTEGER NOT NULL REFERENCES v2_contacts(id),
  date_ms INTEGER NOT NULL, text TEXT NOT NULL, user_name TEXT NOT NULL
);
CREATE TABLE v2_campaigns (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, creation_ms INTEGER NOT NULL);
INSERT INTO v2_campaigns (name, creation_ms) VALUES ('General', CAST(unixepoch('subsec') * 1000 AS INTEGER));
CREATE TABLE v2_cases (
  id INTEGER PRIMARY KEY,
  contact_id INTEGER NOT NULL REFERENCES v2_contacts(id),
  campaign_id INTEGER NOT NULL REFERENCES v2_campaigns(id),
  source TEXT, private INTEGER NOT NULL DEFAULT 0, subject TEXT,
  state TEXT NOT NULL CHECK (state IN ('Arrived', 'Open', 'Closed')),
  reopened INTEGER NOT NULL DEFAULT 0,
  first_open_ms INTEGER, last_open_ms INTEGER, inbox_ms INTEGER NOT NULL,
  credits INTEGER NOT NULL DEFAULT 0,
  extra TEXT NOT NULL DEFAULT '{}',
  creation_ms INTEGER NOT NULL, update_ms INTEGER NOT NULL, updated_by TEXT
);
CREATE INDEX v2_cases_contact ON v2_cases(contact_id);
CREATE TABLE v2_case_tags (case_id INTEGER NOT NULL REFERENCES v2_cases(id), tag TEXT NOT NULL, PRIMARY KEY (case_id, tag));
CREATE INDEX v2_case_tags_tag ON v2_case_tags(tag);
CREATE TABLE v2_case_notes (
  id INTEGER PRIMARY KEY, case_id INTEGER NOT NULL REFERENCES v2_cases(id),
  date_ms INTEGER NOT NULL, text TEXT NOT NULL, user_name TEXT NOT NULL
);
-- direction: 'in' from the contact, 'out' a reply of the service's people.
CREATE TABLE v2_messages (
  id INTEGER PRIMARY KEY,
  case_id INTEGER NOT NULL REFERENCES v2_cases(id),
  direction TEXT NOT NULL CHECK (direction IN ('in', 'out')),
  uuid TEXT NOT NULL UNIQUE,
  subject TEXT, content TEXT NOT NULL, from_id TEXT, from_name TEXT,
  created_ms INTEGER NOT NULL
);
CREATE INDEX v2_messages_case ON v2_messages(case_id, created_ms);
`,
  },
  // Profiles are removed (contact/<id>/profiles/remove) and show their id. No
  // endpoint deletes a user, contact, campaign, case, note or message, so
  // their ids cannot come back (and a note's id is never shown).
  idsNeverReused('v2/002-ids-never-reused', ['v2_profiles']),
];
