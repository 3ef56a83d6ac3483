// Who may do what, named once and read by both the server (which enforces it) and the web app
// (which only uses it to hide what would be refused). Plain functions without zod, so any screen can
// import them. A rule takes the viewer and, where it depends on one, the record it is about.
//
// Two roles exist: an admin runs the organization; a collaborator (technician) works the orders he is
// assigned to and never sees money. Add a rule here instead of testing `isAdmin` in a feature.

/** The person asking: their user id and whether they administer the organization. */
export interface Viewer {
  userId: number;
  isAdmin: boolean;
}

/** Something a user wrote or uploaded (a comment, a photo). */
export interface Authored {
  userId: number | null;
}

const admin = (v: Viewer) => v.isAdmin;
const authorOrAdmin = (v: Viewer, r: Authored) => v.isAdmin || (r.userId !== null && r.userId === v.userId);

/** Order comment types only admins read or write: Internal (3) and System (4). */
export const adminOnlyOrderCommentTypes: readonly number[] = [3, 4];

export const can = {
  /** Registers, users, settings, reports, payroll, audit log, estimates: the back office. */
  manageOrganization: admin,
  /** Prices, discounts, totals and payment data of estimates and orders. */
  seePrices: admin,
  /** Every order of the organization, not only those the viewer is assigned to. */
  seeAllOrders: admin,
  /** Filter the order list by technician. */
  filterByWorker: admin,
  /** Add, edit or remove service and product lines, discount, workers and the visit data. */
  editOrderLines: admin,
  /** Register a new equipment for the customer from inside an order. */
  registerEquipment: admin,
  /** Add or remove tags on a record. */
  editTags: admin,
  /** Take or cancel payment, print paperwork with values, share the signing link with values. */
  handlePayment: admin,
  /** Complete an order as the office does (a technician completing one tells the office). */
  actAsOffice: admin,
  /** Read one's own in-app notifications (the bell): everyone, each told of their own events. */
  readNotifications: (_v: Viewer) => true,
  /** Read or write order comments of this type. */
  orderCommentType: (v: Viewer, type: number) => v.isAdmin || !adminOnlyOrderCommentTypes.includes(type),
  /** Remove a comment: its author or an admin. */
  removeComment: authorOrAdmin,
  /** Remove a photo: whoever took it or an admin. */
  removePicture: authorOrAdmin,
  /** Export a customer's personal data or anonymize it (LGPD). */
  handlePersonalData: admin,
} as const;

export type Permission = keyof typeof can;
