package dev.eddy.files;

import java.sql.Timestamp;
import java.util.Objects;

/** The input bean of the tests; boxed fields so that PERMISSIVE nulls fit. */
public class Event {
  private String user;
  private Long amount;
  private Timestamp time;

  public Event() {}

  public Event(String user, Long amount, Timestamp time) {
    this.user = user;
    this.amount = amount;
    this.time = time;
  }

  public String getUser() {
    return user;
  }

  public void setUser(String user) {
    this.user = user;
  }

  public Long getAmount() {
    return amount;
  }

  public void setAmount(Long amount) {
    this.amount = amount;
  }

  public Timestamp getTime() {
    return time;
  }

  public void setTime(Timestamp time) {
    this.time = time;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Event e && Objects.equals(user, e.user) && Objects.equals(amount, e.amount)
        && Objects.equals(time, e.time);
  }

  @Override
  public int hashCode() {
    return Objects.hash(user, amount, time);
  }

  @Override
  public String toString() {
    return "Event(" + user + "," + amount + "," + time + ")";
  }
}
