from enum import StrEnum

class MemberInvitedDeliveryEvent(StrEnum):
    MEMBER_INVITED = "member.invited"

    def __str__(self) -> str:
        return str(self.value)
