// The sockets under the live board page (cli/live_page.h): the listening socket, and one
// thread (the door) that accepts connections and reads each request's head (the request line
// and the headers) into a buffer of its own, within fixed limits, before any worker sees it.
// Only a connection whose head arrived whole, in time, goes to a worker thread; so clients that
// connect and send nothing, or a header line a second, or megabytes without a newline, cost a
// slot of the door's poll set and at most kMaxHead bytes each, never a worker, and a viewer's
// request is answered at once while they are open. No HTTP parsing here beyond finding where a
// head ends; the answers are the page's (cli/live_page.cpp).
//
// Limits (the manual's THE LIVE BOARD PAGE lists them):
//   kMaxHead     bytes a request may send before its head ends: more is answered 431 (414 when
//                not even the request line ended) and the connection closed;
//   kHeadTime    the whole head must arrive within this time of the connection's accept: a
//                slower one is answered 408 and closed;
//   kMaxPending  connections whose head is still arriving; kPerClient of them from one address.
//                One more closes the oldest of that address (or, past kMaxPending, of the
//                address that holds the most): a new viewer always gets in;
//   kMaxReady    heads complete but waiting for a worker; one more is answered 503;
//   kWorkers     worker threads; kBacklog the listen backlog.
// Stop() returns once every thread has ended, which takes no longer than the slowest answer
// being written to notice (every wait polls the stop signal too; see WaitFor).
#pragma once

#include <poll.h>

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "carcref/status.h"

namespace carcref {

// The headers on every answer, the door's refusals and the page's own: no caching, no type
// sniffing, no referrer, and no framing by another site (frame-ancestors 'none', DENY).
const std::vector<std::pair<std::string, std::string>>& PageHeaders();

class PageDoor {
 public:
  static constexpr std::size_t kMaxHead = 16 * 1024;
  static constexpr auto kHeadTime = std::chrono::seconds(3);
  static constexpr std::size_t kMaxPending = 256;
  static constexpr std::size_t kPerClient = 128;
  static constexpr std::size_t kMaxReady = 64;
  static constexpr std::size_t kWorkers = 24;
  static constexpr int kBacklog = 256;

  // A connection whose head is complete, handed to `serve` on a worker thread. The socket is
  // non-blocking; `head` holds every byte read so far (the head, and whatever followed it).
  struct Connection {
    int fd = -1;
    std::string head;
    std::string peer;  // the client's address, for the per-client limit
    std::chrono::steady_clock::time_point accepted;
  };

  PageDoor() = default;
  ~PageDoor();
  PageDoor(const PageDoor&) = delete;
  PageDoor& operator=(const PageDoor&) = delete;

  // Binds and listens on a numeric address (IPv4 or IPv6), in the caller's thread, so that a
  // port in use is said at once ("the port is in use …"). Port 0: any free port. Returns the port.
  Result<int> Bind(const std::string& host, int port);
  // Starts the door and the workers; `serve` answers one connection (the door closes it after).
  void Start(std::function<void(Connection&)> serve);
  // Ends every thread (see the file comment) and closes every socket. Safe to call twice.
  void Stop();

  // Waits until `fd` is ready for `events` (POLLIN, POLLOUT), the deadline passes or Stop() is
  // called; true only when the socket is ready. For the workers' reads and writes.
  bool WaitFor(int fd, short events, std::chrono::steady_clock::time_point deadline) const;

 private:
  struct Pending {
    Connection connection;
    std::size_t order = 0;  // accept order: the oldest is evicted first
  };
  void DoorLoop();
  void WorkerLoop();
  void Accept();
  void Admit(Connection connection);
  void Evict(const std::string& peer);
  void ReadHead(std::size_t index);
  void Refuse(int fd, const char* status);  // a short answer, best effort; closes fd

  int listen_fd_ = -1;
  int wake_fd_ = -1;  // an eventfd, readable once Stop() begins
  bool running_ = false;
  std::function<void(Connection&)> serve_;
  std::thread door_;
  std::vector<std::thread> workers_;
  std::vector<Pending> pending_;  // the door thread's own
  std::size_t accepted_ = 0;

  std::mutex mutex_;
  std::condition_variable ready_changed_;
  std::deque<Connection> ready_;
  bool stopping_ = false;
};

}  // namespace carcref
