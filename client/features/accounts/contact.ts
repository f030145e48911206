import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';

/** The member's mobile number, their SMS choice, and the channels the library sends notices by. */
export const MY_CONTACT_QUERY = graphql(`
  query MyContact {
    me {
      id
      phone
      smsNotices
      noticeChannels
    }
  }
`);

export const SET_SMS_NOTICES_MUTATION = graphql(`
  mutation SetSmsNotices($enabled: Boolean!) {
    setSmsNotices(enabled: $enabled) {
      id
      smsNotices
    }
  }
`);

export const useMyContact = () => useQuery(MY_CONTACT_QUERY, { fetchPolicy: 'cache-and-network' });

/** The answer is the member (id and setting), which updates `me` in the cache by itself. */
export const useSetSmsNotices = () => useMutation(SET_SMS_NOTICES_MUTATION);
