// The contacts feature: the Contacts list (/contacts) and a contact's page (/contacts/:contactId).
export { ContactsPage } from './components/contacts-page';
export { ContactPage } from './components/contact-page';
