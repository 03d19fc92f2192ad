/**
 * Server calls of the IEO screens (`project`, `project/detail`,
 * `project/order`, `user/project/order`) and their live updates.
 *
 * Live: the broadcast `ieo_project` { id, subscribed, subscribers, status }
 * says a project's figures or state changed (at most once a second per
 * project, and on every state change): the projects and the project's page
 * refetch. The private `ieo_order` { id, project_id, status } says one of the
 * caller's subscriptions was allocated, credited or released: the caller's
 * subscriptions, the project's page (its `mine`) and the balances refetch.
 * A cache entry listens while it is used, and refetches after a reconnect
 * too, when events may have been missed.
 */
import { api } from '../../lib/api';
import { liveRefetch } from '../../lib/live';
import type { Paged } from '../../lib/types';
import type { Project, ProjectStatus } from '../../shared/ieo/types';

export type { Project, ProjectStatus } from '../../shared/ieo/types';

/** The caller's own figures in a project. */
export interface MyTotals {
  asked: string;
  cost: string;
  allocated: string | null;
  refund: string | null;
  locked: string;
  released: string;
}

export interface ProjectDetail {
  project: Project;
  /** Null for a visitor. */
  mine: MyTotals | null;
}

/** 0 subscribed (cost frozen), 1 allocated (refund returned, awaiting review), 2 credited (locked, releasing), 3 fully released. */
export type OrderStatus = 0 | 1 | 2 | 3;

export interface IeoOrder {
  id: number;
  project_id: number;
  name: string;
  token: string;
  pay_currency: string;
  price: string;
  /** Tokens asked. */
  amount: string;
  /** Pay currency frozen when subscribing (amount × price, rounded up). */
  cost: string;
  /** Tokens granted; null until the sale ends. */
  allocated: string | null;
  /** Cost of the granted tokens. */
  paid: string | null;
  /** Returned to the spot account at the end. */
  refund: string | null;
  locked: string;
  released: string;
  next_release_at: number | null;
  status: OrderStatus;
  /** The caller's own pro-rata line once ended ("1000 × 400000 / 1000000 = 400"). */
  calculation: string | null;
  created_at: number;
}

const TAGS = ['IeoProjects', 'IeoProject', 'IeoOrders', 'Balance'] as const;

export const IEO_EVENTS = { project: 'ieo_project', order: 'ieo_order' } as const;

const tagged = api.enhanceEndpoints({ addTagTypes: [...TAGS] });

/** Refetches are spaced by this much at least (the project event may come every second). */
const liveOn = liveRefetch(tagged, 500);

export const ieoApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    /** The projects, one state only when `status` is given. */
    getProjects: build.query<Paged<Project>, { status?: ProjectStatus; limit: number }>({
      query: ({ status, limit }) => ({ url: '/project', method: 'GET', params: { status, page: 1, limit } }),
      providesTags: ['IeoProjects'],
      onCacheEntryAdded: liveOn([IEO_EVENTS.project], ['IeoProjects']),
    }),
    /** The token is part of the key: the answer holds the caller's own totals. */
    getProject: build.query<ProjectDetail, { id: number; token: string | null }>({
      query: ({ id }) => ({ url: '/project/detail', method: 'GET', params: { id } }),
      providesTags: ['IeoProject'],
      onCacheEntryAdded: liveOn([IEO_EVENTS.project, IEO_EVENTS.order], ['IeoProject']),
    }),
    subscribe: build.mutation<IeoOrder, { project_id: number; amount: string }>({
      query: (params) => ({ url: '/project/order', params }),
      invalidatesTags: ['IeoProject', 'IeoProjects', 'IeoOrders', 'Balance'],
    }),
    getMyOrders: build.query<Paged<IeoOrder>, { limit: number }>({
      query: ({ limit }) => ({ url: '/user/project/order', method: 'GET', params: { page: 1, limit } }),
      providesTags: ['IeoOrders'],
      onCacheEntryAdded: liveOn([IEO_EVENTS.order], ['IeoOrders', 'Balance']),
    }),
  }),
});

export const { useGetProjectsQuery, useGetProjectQuery, useSubscribeMutation, useGetMyOrdersQuery } = ieoApi;
