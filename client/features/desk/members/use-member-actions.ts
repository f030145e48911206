import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/index.ts';

// Registering, editing, blocking and noting a member: each refetches the member, the member search and the
// notes (by operation name) before it reports success, and carries an idempotency key per submission.
const refresh = { refetchQueries: ['DeskMember', 'DeskMembers', 'DeskMemberNotes'], awaitRefetchQueries: true };

export const REGISTER_MEMBER_MUTATION = graphql(`
  mutation DeskRegisterMember($input: RegisterMemberInput!, $idempotencyKey: String!) {
    registerMember(input: $input, idempotencyKey: $idempotencyKey) {
      id
      uid
      name
      cardNumber
    }
  }
`);

export const EDIT_MEMBER_MUTATION = graphql(`
  mutation DeskEditMember($uid: String!, $input: EditMemberInput!, $idempotencyKey: String!) {
    editMember(uid: $uid, input: $input, idempotencyKey: $idempotencyKey) {
      id
      name
      email
      phone
    }
  }
`);

export const BLOCK_MEMBER_MUTATION = graphql(`
  mutation DeskBlockMember($uid: String!, $reason: String!, $idempotencyKey: String!) {
    blockMember(uid: $uid, reason: $reason, idempotencyKey: $idempotencyKey) {
      id
      block {
        reason
        at
      }
    }
  }
`);

export const UNBLOCK_MEMBER_MUTATION = graphql(`
  mutation DeskUnblockMember($uid: String!, $idempotencyKey: String!) {
    unblockMember(uid: $uid, idempotencyKey: $idempotencyKey) {
      id
      block {
        reason
      }
    }
  }
`);

export const ADD_NOTE_MUTATION = graphql(`
  mutation DeskAddMemberNote($uid: String!, $text: String!, $idempotencyKey: String!) {
    addMemberNote(uid: $uid, text: $text, idempotencyKey: $idempotencyKey) {
      id
      text
    }
  }
`);

export const useRegisterMember = () => useMutation(REGISTER_MEMBER_MUTATION, refresh);
export const useEditMember = () => useMutation(EDIT_MEMBER_MUTATION, refresh);
export const useBlockMember = () => useMutation(BLOCK_MEMBER_MUTATION, refresh);
export const useUnblockMember = () => useMutation(UNBLOCK_MEMBER_MUTATION, refresh);
export const useAddMemberNote = () => useMutation(ADD_NOTE_MUTATION, refresh);
